import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136 and later). V8 compiles a function the first time it is
 * called, on the main thread; marked, the whole file is compiled while it streams in, on a
 * background thread. It counts only on the file's first line.
 */
export const eagerCompileHint = '//# allFunctionsCalledOnLoad\n';

interface OutputFile {
  type: 'chunk' | 'asset';
  isEntry?: boolean;
  code?: string;
}

/** Marks the entry chunk, whose functions nearly all run before the first screen, for eager compilation. */
export function markEntryForEagerCompile(bundle: Record<string, OutputFile>): void {
  for (const file of Object.values(bundle))
    if (file.type === 'chunk' && file.isEntry && file.code !== undefined && !file.code.startsWith(eagerCompileHint))
      file.code = eagerCompileHint + file.code;
}

/**
 * The entry's start-up compiled lazily took 40–135 ms of the sign-in page's main thread on these
 * machines (four times that on Lighthouse's phone); marked, 14–22 ms. Only the entry is marked: a
 * route's chunk also holds dialogs and branches its first render never runs. Runs after Vite's own
 * `generateBundle`, which puts its preload map on the entry's first line.
 */
export function eagerCompileEntry(): Plugin {
  return {
    name: 'pool:eager-compile-entry',
    apply: 'build',
    generateBundle: { order: 'post', handler: (_options, bundle) => markEntryForEagerCompile(bundle) },
  };
}
