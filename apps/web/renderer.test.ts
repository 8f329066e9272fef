import { describe, expect, it } from 'vitest';
import type { Alias, ConfigEnv, UserConfig } from 'vite';
import viteConfig from './vite.config.ts';
import vitestConfig from './vitest.config.ts';

const reactImports = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];

/** What an import resolves to under a config's aliases: the first alias that matches it. */
function resolvedBy(config: UserConfig, name: string): string {
  const alias = (config.resolve?.alias as Alias[]).find(({ find }) =>
    typeof find === 'string' ? find === name : find.test(name),
  );
  return alias ? String(alias.replacement) : name;
}

const viteOf = (command: ConfigEnv['command']) => viteConfig({ command, mode: 'production' });

describe('the renderer', () => {
  it('is Preact’s compat in the build and in the unit tests, one copy for every importer', () => {
    for (const config of [viteOf('build'), vitestConfig]) {
      expect(reactImports.map((name) => resolvedBy(config, name))).toEqual([
        'preact/compat',
        'preact/compat/jsx-runtime',
        'preact/compat',
        'preact/compat/client',
      ]);
      expect(config.resolve?.dedupe).toContain('preact');
    }
  });

  it('is React on the dev server, whose fast refresh needs React itself', () => {
    expect(reactImports.map((name) => resolvedBy(viteOf('serve'), name))).toEqual(reactImports);
  });
});
