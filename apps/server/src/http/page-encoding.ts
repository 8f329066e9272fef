import negotiate from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type PageEncoding = 'br' | 'gzip';

/** Pages differ by pool config and layout only, so a handful of them covers every request. */
const remembered = 64;

/**
 * The served page compressed as the browser accepts it, brotli first, at the best ratio: each
 * distinct page is compressed once and remembered, since the page carries the pool's config and
 * the layout's frame but nothing of the person asking.
 */
export function pageEncoder() {
  const cache = new Map<string, Buffer>();
  return (html: string, acceptEncoding: string | undefined): { encoding?: PageEncoding; body: Buffer | string } => {
    const encoding = acceptEncoding ? negotiate<PageEncoding>(acceptEncoding, ['br', 'gzip']) : null;
    if (!encoding) return { body: html };
    const key = `${encoding}\n${html}`;
    let body = cache.get(key);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(html, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : gzipSync(html, { level: constants.Z_BEST_COMPRESSION });
      if (cache.size >= remembered) cache.clear();
      cache.set(key, body);
    }
    return { encoding, body };
  };
}
