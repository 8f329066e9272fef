import { Secret, TOTP, URI } from 'otpauth';
import QRCode from 'qrcode';

/** Kratos's TOTP: 20-byte secret (32 base32 characters), 6 digits, 30 s, SHA1. */
export const totpPeriodSeconds = 30;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export function totpOf(secret: string, issuer: string, accountName: string): TOTP {
  return new TOTP({
    issuer,
    label: accountName,
    algorithm: 'SHA1',
    digits: 6,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

export function totpFromUrl(url: string): TOTP | undefined {
  try {
    const parsed = URI.parse(url);
    return parsed instanceof TOTP ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The time step a code belongs to, accepting the previous and the next step for clock drift as
 * Kratos does; undefined when the code is wrong.
 */
export function matchingStep(totp: TOTP, code: string, now: Date): number | undefined {
  if (!/^[0-9]{6}$/.test(code)) return undefined;
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / totpPeriodSeconds) + delta;
}

/** The QR code as Kratos shows it: a PNG data URI, 256 pixels square. */
export const qrDataUri = (url: string) => QRCode.toDataURL(url, { width: 256, margin: 1 });
