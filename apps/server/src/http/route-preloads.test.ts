import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRouteChunks, routePreloader } from './route-preloads.ts';

const scripts = (...hrefs: string[]) => ({ scripts: hrefs, styles: [] });
const preload = routePreloader({
  '/': { scripts: ['/assets/dashboard.js', '/assets/chart.js'], styles: ['/assets/chart.css'] },
  '/customers/create-sub': scripts('/assets/create-sub.js'),
  '/customers/:id': scripts('/assets/customer.js'),
  '/customers/:id/settings': scripts('/assets/customer-settings.js'),
  '/watch/:watcherToken': scripts('/assets/dashboard.js'),
  '/odd': { scripts: ['/assets/a"b.js'], styles: ['/assets/a"b.css'] },
});

const hrefs = (links: string) => [...links.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

describe("a page's preloads of its screen's scripts and stylesheets", () => {
  it('lists every script and stylesheet of the screen, at low priority, with credentials as the entry and Vite', () => {
    expect(preload('/')).toBe(
      '<link rel="modulepreload" href="/assets/dashboard.js" fetchpriority="low" crossorigin>' +
        '<link rel="modulepreload" href="/assets/chart.js" fetchpriority="low" crossorigin>' +
        '<link rel="preload" as="style" href="/assets/chart.css" fetchpriority="low" crossorigin>',
    );
  });

  it.each([
    ['/customers/create-sub', ['/assets/create-sub.js']],
    ['/customers/0b7c/settings', ['/assets/customer-settings.js']],
    ['/customers/0b7c', ['/assets/customer.js']],
    ['/customers/0b7c/', ['/assets/customer.js']],
    ['/watch/Tok_en-1', ['/assets/dashboard.js']],
  ])('takes %s for its screen, a fixed path before a parameter', (path, scripts) => {
    expect(hrefs(preload(path))).toEqual(scripts);
  });

  it.each(['/nowhere', '/customers/a/b/c', '/watch', '/customersx'])(
    'preloads nothing at %s, which no screen draws',
    (path) => {
      expect(preload(path)).toBe('');
    },
  );

  it('escapes what it writes into the page', () => {
    expect(preload('/odd')).toContain('href="/assets/a&quot;b.js"');
    expect(preload('/odd')).toContain('href="/assets/a&quot;b.css"');
  });
});

describe("the build's list of route chunks", () => {
  const roots: string[] = [];
  const webRoot = (list?: string) => {
    const root = mkdtempSync(join(tmpdir(), 'route-chunks-'));
    roots.push(root);
    if (list !== undefined) {
      mkdirSync(join(root, '.vite'));
      writeFileSync(join(root, '.vite', 'route-chunks.json'), list);
    }
    return root;
  };
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('is read as the build wrote it', () => {
    const list = { '/customers/:id': { scripts: ['/assets/customer.js'], styles: ['/assets/customers.css'] } };
    expect(readRouteChunks(webRoot(JSON.stringify(list)))).toEqual(list);
  });

  it('is empty for a build without one: pages go out without preloads', () => {
    expect(readRouteChunks(webRoot())).toEqual({});
  });

  it.each([
    ['a list of scripts only, as before stylesheets were listed', { '/': ['/assets/dashboard.js'] }],
    ['an address that is no path', { '/': { scripts: ['assets/dashboard.js'], styles: [] } }],
    ['a path with no stylesheets', { '/': { scripts: ['/assets/dashboard.js'] } }],
  ])('stops the server, naming the file, when it holds %s', (_case, list) => {
    const root = webRoot(JSON.stringify(list));
    expect(() => readRouteChunks(root)).toThrow(join(root, '.vite', 'route-chunks.json'));
  });
});
