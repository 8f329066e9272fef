import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import escapeHtml from 'escape-html';
import { RouteChunks, routeChunksFile, type ScreenChunks } from '@pool/contract/route-chunks';

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
 * `chunks` is the build's list (`readRouteChunks`); a path no screen
 * matches gets none.
 */
export function routePreloader(chunks: RouteChunks): (path: string) => string {
  const routes = Object.entries(chunks)
    .map(([path, screen]) => routeOf(path, screen))
    .sort((a, b) => b.fixedSegments - a.fixedSegments);
  return (path) => routes.find((route) => route.pattern.test(path))?.links ?? '';
}

/**
 * The build's list of each screen's chunks; none from a build without it. A list that is not what
 * the build writes stops the server here, naming the file, rather than serving pages without it.
 */
export function readRouteChunks(webRoot: string): RouteChunks {
  const file = join(webRoot, routeChunksFile);
  if (!existsSync(file)) return {};
  const read = RouteChunks.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!read.success) throw new Error(`${file} is not the web build's list of route chunks: ${read.error.message}`);
  return read.data;
}
