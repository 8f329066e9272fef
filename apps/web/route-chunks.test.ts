import { describe, expect, it } from 'vitest';
import { routeChunksOf } from './route-chunks.ts';

const features = '/app/src/features';
const script = (
  fileName: string,
  imports: string[],
  facade: string | null = null,
  isEntry = false,
  css: string[] = [],
) => ({
  type: 'chunk' as const,
  fileName,
  isEntry,
  facadeModuleId: facade,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

const bundle = {
  'assets/index.js': script('assets/index.js', ['assets/runtime.js'], '/app/index.html', true, ['assets/index.css']),
  'assets/runtime.js': script('assets/runtime.js', []),
  'assets/settings-page.js': script(
    'assets/settings-page.js',
    ['assets/index.js', 'assets/form.js'],
    `${features}/settings/settings-page.tsx`,
  ),
  'assets/form.js': script('assets/form.js', ['assets/runtime.js', 'assets/validation.js'], null, false, [
    'assets/form.css',
  ]),
  'assets/validation.js': script('assets/validation.js', [], null, false, ['assets/form.css', 'assets/field.css']),
  'assets/faq-page.js': script('assets/faq-page.js', ['assets/index.js'], `${features}/faq/faq-page.tsx`),
  'assets/index.css': { type: 'asset' as const },
};

describe("the build's list of each screen's scripts and stylesheets", () => {
  it("holds the page's chunk and every chunk it imports, through their own imports, their stylesheets once each, and none of the entry's", () => {
    const table = routeChunksOf(
      bundle,
      {
        '/settings': { module: 'settings/settings-page.tsx', component: 'SettingsPage' },
        '/faq': { module: 'faq/faq-page.tsx', component: 'FaqPage' },
      },
      features,
    );
    expect(table).toEqual({
      '/settings': {
        scripts: ['/assets/settings-page.js', '/assets/form.js', '/assets/validation.js'],
        styles: ['/assets/form.css', '/assets/field.css'],
      },
      '/faq': { scripts: ['/assets/faq-page.js'], styles: [] },
    });
  });

  it('fails the build when a screen names a page the build has no chunk for', () => {
    expect(() =>
      routeChunksOf(bundle, { '/gone': { module: 'gone/gone-page.tsx', component: 'GonePage' } }, features),
    ).toThrow('the build has no chunk for gone/gone-page.tsx, the page of /gone');
  });
});
