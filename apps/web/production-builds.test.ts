import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { productionBuilds, reactRouterProductionBuild } from './production-builds.ts';

const devWarnings = /var ENABLE_DEV_WARNINGS = (true|false);/;

/** The flag in the file and in the chunks it imports, where React Router's builds keep it. */
function devWarningsOf(entry: string): string[] {
  const text = readFileSync(entry, 'utf8');
  const chunks = [...text.matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map(([, chunk = '']) =>
    readFileSync(new URL(chunk, `file://${entry}`), 'utf8'),
  );
  return [text, ...chunks].flatMap((source) => devWarnings.exec(source)?.[1] ?? []);
}

describe('production builds', () => {
  it('resolves react-router to the production build of the installed version, which has its warnings off', () => {
    expect(productionBuilds).toEqual([{ find: /^react-router$/, replacement: reactRouterProductionBuild }]);
    expect(devWarningsOf(reactRouterProductionBuild)).toEqual(['false']);
  });

  it('is needed: the package, imported as the app imports it, still resolves to the build with the warnings on', () => {
    // When this fails, React Router resolves to its production build on its own: drop the alias.
    expect(devWarningsOf(fileURLToPath(import.meta.resolve('react-router')))).toEqual(['true']);
  });
});
