// Prints the gzip size of every built chunk of the web app, largest first.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const folder = new URL('../apps/web/dist/assets/', import.meta.url);
const rows = readdirSync(folder)
  .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
  .map((name) => ({ name, gzip: gzipSync(readFileSync(new URL(name, folder))).length }))
  .sort((a, b) => b.gzip - a.gzip);
for (const row of rows) console.log(`${(row.gzip / 1024).toFixed(1).padStart(7)} KB  ${row.name}`);
