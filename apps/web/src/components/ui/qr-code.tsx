import { useEffect, useState } from 'react';
import './qr-code.css';

/**
 * A QR code of a link, drawn as SVG by the `qrcode` library, which loads only when a QR code is
 * first shown (referral links, the Telegram invite), so no other screen ships it.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((library) => library.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((drawn) => {
        if (current) setSvg(drawn);
      })
      .catch(() => {
        if (current) setSvg(undefined);
      });
    return () => {
      current = false;
    };
  }, [value]);
  if (!svg) return <div className="qr-code" aria-busy="true" />;
  return (
    <div
      className="qr-code"
      role="img"
      aria-label={label}
      // The library's own SVG markup of the link, nothing from the page's input.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
