import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * What each route loads before it renders: the entry chunk and every chunk it imports statically,
 * then, for each lazily loaded route module, the chunks it adds and how many (each one a request
 * and a modulepreload link when the route is first visited). Gzip sizes from the build manifest,
 * comparable run to run.
 */
export function printRouteWeights(dist: URL): void {
  const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) closure(child, seen);
    return seen;
  };
  const gzipOf = (key: string) => gzipSync(readFileSync(new URL(manifest[key]?.file ?? '', dist))).length;
  const sum = (keys: Iterable<string>) => [...keys].reduce((total, key) => total + gzipOf(key), 0);

  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? 'index.html';
  const base = closure(entry);
  console.log(`entry (${base.size} chunks)${' '.repeat(42)}${kb(sum(base)).padStart(9)}`);
  for (const key of Object.keys(manifest)
    .filter((name) => manifest[name]?.isDynamicEntry)
    .sort()) {
    const route = closure(key);
    const extra = [...route].filter((name) => !base.has(name));
    console.log(
      `${key.replace('src/features/', '').padEnd(52)} +${kb(sum(extra)).padStart(9)} in ${String(extra.length).padStart(2)} chunks = ${kb(sum(new Set([...base, ...route])))}`,
    );
  }
}
