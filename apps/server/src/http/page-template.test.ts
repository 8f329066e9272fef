import { describe, expect, it } from 'vitest';
import { inlineStylesheets, scriptsBehindTheFrame } from './page-template.ts';

const page = (head: string) => `<html><head><title>pool</title>${head}</head><body></body></html>`;
const link = '<link rel="stylesheet" crossorigin href="/assets/index-1a2b.css">';

describe("the build page's stylesheets", () => {
  it('are written into the page, their link kept disabled for the preload helper to find', () => {
    const read = (href: string) => (href === '/assets/index-1a2b.css' ? '.shell{display:grid}' : undefined);
    expect(inlineStylesheets(page(link), read)).toBe(
      page(
        '<style>.shell{display:grid}</style><link rel="stylesheet" crossorigin href="/assets/index-1a2b.css" disabled>',
      ),
    );
  });

  it('keep their link when the file cannot be read or its text could close the element', () => {
    expect(inlineStylesheets(page(link), () => undefined)).toBe(page(link));
    expect(inlineStylesheets(page(link), () => 'a::after{content:"</style><script>"}')).toBe(page(link));
    expect(inlineStylesheets(page(link), () => 'a::after{content:"</STYLE >"}')).toBe(page(link));
  });

  it('leave alone stylesheets that are not the build’s own', () => {
    const external = '<link rel="stylesheet" href="https://fonts.example/inter.css">';
    expect(inlineStylesheets(page(external), () => 'x')).toBe(page(external));
  });
});

describe("the build page's entry scripts", () => {
  it('are fetched at low priority, the module script and its modulepreload links alike', () => {
    const head =
      '<script type="module" crossorigin src="/assets/index-1a2b.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/chunk-3c4d.js">' +
      '<link rel="preload" href="/static/locales/en.json" as="fetch" crossorigin>';
    expect(scriptsBehindTheFrame(page(head))).toBe(
      page(
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1a2b.js"></script>' +
          '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/chunk-3c4d.js">' +
          '<link rel="preload" href="/static/locales/en.json" as="fetch" crossorigin>',
      ),
    );
  });
});
