import escapeHtml from 'escape-html';

/** Each screen path of the web app (`/customers/:id`) and the scripts its page needs beyond the entry's. */
export type RouteChunks = Record<string, string[]>;

interface Route {
  pattern: RegExp;
  /** Paths with more fixed segments win, as in the app's router: `/customers/create-sub` over `/customers/:id`. */
  fixedSegments: number;
  scripts: string[];
}

function routeOf(path: string, scripts: string[]): Route {
  const segments = path.split('/').filter(Boolean);
  const pattern = segments
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return {
    pattern: new RegExp(`^/${pattern}/?$`),
    fixedSegments: segments.filter((segment) => !segment.startsWith(':')).length,
    scripts,
  };
}

/**
 * The modulepreload links of a page's own scripts, written into the page so that a phone fetches
 * them beside the entry instead of one round of requests after it has run (issue 18). At low
 * priority, as the entry's scripts (page-template.ts). `chunks` is the build's
 * `.vite/route-chunks.json` (apps/web/route-chunks.ts); a path no screen matches gets none.
 */
export function routePreloader(chunks: RouteChunks): (path: string) => string {
  const routes = Object.entries(chunks)
    .map(([path, scripts]) => routeOf(path, scripts))
    .sort((a, b) => b.fixedSegments - a.fixedSegments);
  return (path) =>
    (routes.find((route) => route.pattern.test(path))?.scripts ?? [])
      .map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" fetchpriority="low" crossorigin>`)
      .join('');
}
