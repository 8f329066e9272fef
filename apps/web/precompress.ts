import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser fetches: scripts, styles, the page, locale files, icons. */
const compressible = /\.(js|mjs|css|html|json|svg|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const minimumBytes = 1024;

async function* filesUnder(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside a file, when they are smaller. */
async function precompress(path: string): Promise<void> {
  const source = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(`${path}.br`, br);
  if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
}

/**
 * The build's text files precompressed once, at their best ratio, so that the server sends them
 * by `Accept-Encoding` without compressing a byte per request (the server's static plugin serves
 * `.br`, then `.gz`, then the file itself).
 */
export function precompressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pool:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const work: Promise<void>[] = [];
      for await (const path of filesUnder(outDir)) {
        if (compressible.test(path) && (await stat(path)).size >= minimumBytes) work.push(precompress(path));
      }
      await Promise.all(work);
    },
  };
}
