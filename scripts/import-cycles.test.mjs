import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph } from './import-cycles.mjs';

describe('import cycle check', () => {
  it('finds a circle of files and a file importing itself, and nothing in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(
      cyclesOf(
        new Map([
          ['x', ['y']],
          ['y', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('follows type-only and dynamic imports as the compiler resolves them', () => {
    const folder = mkdtempSync(join(tmpdir(), 'cycles-'));
    const file = (name, text) => {
      writeFileSync(join(folder, name), text);
      return join(folder, name);
    };
    const files = [
      file('screen.ts', "import type { Row } from './table.ts';\nexport const screen = (row: Row) => row;\n"),
      file('table.ts', "export type Row = string;\nexport const load = () => import('./screen.ts');\n"),
      file('alone.ts', "import { load } from './table.ts';\nexport const alone = load;\n"),
    ];
    const options = { allowImportingTsExtensions: true, moduleResolution: ts.ModuleResolutionKind.Bundler };
    expect(cyclesOf(importGraph(files, options))).toEqual([[files[0], files[1]].sort()]);
  });
});
