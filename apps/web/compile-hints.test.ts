import { describe, expect, it } from 'vitest';
import { eagerCompileHint, markEntryForEagerCompile } from './compile-hints.ts';

describe("the entry's eager compile hint", () => {
  const bundle = () => ({
    'assets/index.js': { type: 'chunk' as const, isEntry: true, code: 'const __vite__mapDeps=1;\nboot();' },
    'assets/login-page.js': { type: 'chunk' as const, isEntry: false, code: 'export const a=1;' },
    'assets/index.css': { type: 'asset' as const },
  });

  it("is the entry's first line, before Vite's preload map, and the entry's code follows unchanged", () => {
    const files = bundle();
    markEntryForEagerCompile(files);
    const code = files['assets/index.js'].code;
    expect(code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(code).toBe(`${eagerCompileHint}const __vite__mapDeps=1;\nboot();`);
  });

  it('leaves the route chunks and the assets as they are, and marks the entry once', () => {
    const files = bundle();
    markEntryForEagerCompile(files);
    markEntryForEagerCompile(files);
    expect(files['assets/login-page.js'].code).toBe('export const a=1;');
    expect(files['assets/index.css']).toEqual({ type: 'asset' });
    expect(files['assets/index.js'].code.split(eagerCompileHint)).toHaveLength(2);
  });
});
