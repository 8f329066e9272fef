import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Alias, ConfigEnv } from 'vite';
import { reactRouterProductionBuild } from './production-builds.ts';
import viteConfig from './vite.config.ts';

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
    expect(devWarningsOf(reactRouterProductionBuild)).toEqual(['false']);
  });

  it('are what `vite build` resolves react-router to; the dev server keeps the package as it is', () => {
    const aliasesOf = (command: ConfigEnv['command']) => {
      const config = viteConfig({ command, mode: 'production' });
      return (config.resolve?.alias as Alias[]).filter((alias) => alias.find instanceof RegExp);
    };
    const routerOf = (aliases: Alias[]) => aliases.find((alias) => (alias.find as RegExp).test('react-router'));
    expect(routerOf(aliasesOf('build'))?.replacement).toBe(reactRouterProductionBuild);
    expect(routerOf(aliasesOf('serve'))).toBeUndefined();
  });

  it('is needed: the package, imported as the app imports it, still resolves to the build with the warnings on', () => {
    // When this fails, React Router resolves to its production build on its own: drop the alias.
    expect(devWarningsOf(fileURLToPath(import.meta.resolve('react-router')))).toEqual(['true']);
  });
});
