import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * React Router's package exports name its development build under every condition, production
 * included (remix-run/react-router#14102, open in 7.18.5), so the app shipped its development
 * warnings: their text in the entry, and their checks on the routes as the router starts. Its
 * production build is in the same package, identical but for that flag, and the build takes it.
 */
export const reactRouterProductionBuild = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/** The aliases a production build adds: the bare `react-router` import to its production build. */
export const productionBuilds: Alias[] = [{ find: /^react-router$/, replacement: reactRouterProductionBuild }];
