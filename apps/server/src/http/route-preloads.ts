import escapeHtml from 'escape-html';

/** What a screen's page needs beyond the entry's: its scripts, and the stylesheets those scripts wait for. */
export interface ScreenChunks {
  scripts: string[];
  styles: string[];
}

/** Each screen path of the web app (`/customers/:id`) and what its page needs beyond the entry's. */
export type RouteChunks = Record<string, ScreenChunks>;

interface Route {
  pattern: RegExp;
  /** Paths with more fixed segments win, as in the app's router: `/customers/create-sub` over `/customers/:id`. */
  fixedSegments: number;
  links: string;
}

const scriptLink = (href: string) =>
  `<link rel="modulepreload" href="${escapeHtml(href)}" fetchpriority="low" crossorigin>`;
/** Anonymous, as the stylesheet link Vite's preload helper adds for the chunk, so that it takes this answer. */
const styleLink = (href: string) =>
  `<link rel="preload" as="style" href="${escapeHtml(href)}" fetchpriority="low" crossorigin>`;

function routeOf(path: string, { scripts, styles }: ScreenChunks): Route {
  const segments = path.split('/').filter(Boolean);
  const pattern = segments
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return {
    pattern: new RegExp(`^/${pattern}/?$`),
    fixedSegments: segments.filter((segment) => !segment.startsWith(':')).length,
    links: [...scripts.map(scriptLink), ...styles.map(styleLink)].join(''),
  };
}

/**
 * The preload links of a page's own scripts and stylesheets, written into the page so that a phone
 * fetches them beside the entry instead of one round of requests after it has run, and the
 * stylesheets a third (issue 18). At low priority, as the entry's scripts (page-template.ts).
 * `chunks` is the build's `.vite/route-chunks.json` (apps/web/route-chunks.ts); a path no screen
 * matches gets none.
 */
export function routePreloader(chunks: RouteChunks): (path: string) => string {
  const routes = Object.entries(chunks)
    .map(([path, screen]) => routeOf(path, screen))
    .sort((a, b) => b.fixedSegments - a.fixedSegments);
  return (path) => routes.find((route) => route.pattern.test(path))?.links ?? '';
}
