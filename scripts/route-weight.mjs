// The JavaScript a page loads before it can render: the entry chunk and every chunk it imports
// statically, then the chunks of one lazy route module; gzip sizes summed, comparable run to run.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../apps/web/dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(child, seen);
  return seen;
}

const gzipOf = (file) => gzipSync(readFileSync(new URL(file, dist))).length;
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const base = closure(entry);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (keys) => [...keys].reduce((total, key) => total + gzipOf(manifest[key].file), 0);

console.log(`entry (${[...base].length} chunks): ${kb(sum(base))} gzip`);
for (const key of Object.keys(manifest)
  .filter((name) => manifest[name].isDynamicEntry)
  .sort()) {
  const route = closure(key);
  const extra = [...route].filter((name) => !base.has(name));
  console.log(`${key.padEnd(60)} +${kb(sum(extra)).padStart(9)}  = ${kb(sum(new Set([...base, ...route])))}`);
}
