import { z } from 'zod';

/**
 * The web build's list of each screen's chunks, written by its plugin (apps/web/route-chunks.ts)
 * and read by the server, which preloads them with the page (apps/server/src/http/route-preloads.ts).
 */
export const routeChunksFile = '.vite/route-chunks.json';

/** What a screen's page needs beyond the entry's, as the addresses the browser asks for. */
export const ScreenChunks = z.object({
  /** The page's chunk and every chunk it imports statically. */
  scripts: z.array(z.string().startsWith('/')),
  /** The stylesheets Vite's preload helper loads, and waits for, before those chunks run. */
  styles: z.array(z.string().startsWith('/')),
});
export type ScreenChunks = z.infer<typeof ScreenChunks>;

/** Each screen path of the web app (`/customers/:id`) and what its page needs. */
export const RouteChunks = z.record(z.string().startsWith('/'), ScreenChunks);
export type RouteChunks = z.infer<typeof RouteChunks>;
