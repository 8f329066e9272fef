import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pageEncoder } from './page-encoding.ts';

const html = `<!doctype html><html><head><style>${'.card{padding:1rem}'.repeat(200)}</style></head></html>`;

describe('the served page', () => {
  it('goes out in the encoding the browser prefers of brotli and gzip, and as itself to one that takes neither', () => {
    const encode = pageEncoder();
    const brotli = encode(html, 'gzip, deflate, br');
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(html);
    const gzip = encode(html, 'gzip;q=1, br;q=0.5');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    for (const accepted of [undefined, '', 'identity', 'deflate'])
      expect(encode(html, accepted), String(accepted)).toEqual({ body: html });
  });

  it('is compressed once per distinct page, and a different page is never answered with another’s bytes', () => {
    const encode = pageEncoder();
    const first = encode(html, 'br').body;
    expect(encode(html, 'br').body).toBe(first);
    const other = html.replace('1rem', '2rem');
    expect(brotliDecompressSync(encode(other, 'br').body).toString()).toBe(other);
  });
});
