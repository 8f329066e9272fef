// A worker thread's entry: the product runs TypeScript through tsx, which a worker does not
// inherit, so the parser is loaded through tsx's own import.
import { tsImport } from 'tsx/esm/api';

await tsImport('./parse-worker.ts', import.meta.url);
