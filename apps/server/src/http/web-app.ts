import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PoolConfig } from '@pool/contract/pool-config';
import { poolConfigElementId } from '@pool/contract/pool-config-codes';
import { paths } from '@pool/contract/paths';
import type { ServedPoolConfig } from '../modules/pool-config/served-config.ts';
import { sendNotFound } from './errors.ts';
import { servedTemplate } from './page-template.ts';
import { pageEncoder } from './page-encoding.ts';
import { layoutOfPath, pageShell, themeAttributes } from './page-shell.ts';
import { firstCallPreloads, hasSessionCookie } from './first-calls.ts';
import { readRouteChunks, routePreloader } from './route-preloads.ts';

/** Paths that belong to the API, services and files; an unknown one there is a 404, never the app. */
const serverPrefixes = ['/api/', '/identity/', '/v0.1/', '/meta/', '/static/', '/assets/'];

/** Where the app's guards send a visitor without a session (spec 2). */
const signInPath = '/auth/login';

/** Source maps would hand out the app's sources: a build that wrote them still never serves them. */
function isSourceMap(path: string): boolean {
  return path.endsWith('.map');
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';

function wantsTheApp(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request);
  if (serverPrefixes.some((prefix) => path.startsWith(prefix)) || isSourceMap(path)) return false;
  return /\btext\/html\b|\*\/\*/.test(request.headers.accept ?? '*/*');
}

/**
 * The page with the pool config in it as inert JSON (a CSP of script-src 'self' allows it: it is
 * never executed), and the default language's translations preloaded: the app's first render then
 * waits for its own script alone, not for a config request and a translations request after it.
 * `<` is escaped so that no value can close the element. The layout's frame, in the pool's theme,
 * is already in `#root`, so the page paints before its script has loaded. A signed-in page and a
 * watcher link's also preload their first calls, and every page the scripts of the screen it will
 * show (`routeScripts`).
 */
export function pageWithConfig(
  template: string,
  config: PoolConfig | undefined,
  path: string,
  cookieHeader?: string,
  routeScripts: (path: string) => string = () => '',
): string {
  if (!config) return template;
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  // A visitor without a session at a signed-in path is sent on to sign in: its page is the one to preload.
  const screen = layoutOfPath(path) === 'app' && !hasSessionCookie(cookieHeader) ? signInPath : path;
  const head = [
    `<script id="${poolConfigElementId}" type="application/json">${json}</script>`,
    `<link rel="preload" href="${paths.locales}/${config.settings.default_language}.json" as="fetch" crossorigin>`,
    firstCallPreloads(path, config, cookieHeader),
    routeScripts(screen),
  ].join('');
  return template
    .replace('</head>', `${head}</head>`)
    .replace('<html lang="en">', `<html lang="en" ${themeAttributes(config)}>`)
    .replace('<div id="root"></div>', `<div id="root">${pageShell(path, config.name)}</div>`);
}

/**
 * Serves the built web app, precompressed: hashed assets for a year, everything else revalidated, and every
 * unknown page path answered with index.html so the client router can take it (history fallback). The
 * page itself carries the entry's stylesheet and is compressed as it goes out.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  configFor: ServedPoolConfig,
): Promise<void> {
  const hasApp = existsSync(join(webRoot, 'index.html'));
  const readAsset = (href: string) => {
    const file = join(webRoot, href);
    return file.startsWith(join(webRoot, 'assets')) && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  const template = hasApp ? servedTemplate(readFileSync(join(webRoot, 'index.html'), 'utf8'), readAsset) : '';
  const routeScripts = routePreloader(readRouteChunks(webRoot));
  const encode = pageEncoder();
  /** The page for this request; only the fields the contract declares leave the server. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const served = await configFor(request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'the page goes out without its pool config');
      return undefined;
    });
    const config = served && PoolConfig.safeParse(served).data;
    const page = encode(
      pageWithConfig(template, config, pathOf(request), request.headers.cookie, routeScripts),
      request.headers['accept-encoding'],
    );
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return (
      reply
        .header('cache-control', 'no-cache')
        // With a session cookie the page preloads the session check and the identity (first-calls.ts).
        .header('vary', 'accept-encoding, cookie')
        .type('text/html; charset=utf-8')
        .send(page.body)
    );
  };
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside every text file (apps/web/precompress.ts): sent by
      // Accept-Encoding, with Vary, and the file itself to a client that takes neither.
      preCompressed: true,
      allowedPath: (path) => !isSourceMap(path),
      setHeaders: (reply, path) => {
        const immutable = path.includes(`${join(webRoot, 'assets')}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static plugin answers a directory with 403; the root is the app's main page.
    app.get('/', sendPage);
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (hasApp && wantsTheApp(request)) return sendPage(request, reply);
    return sendNotFound(request, reply);
  });
}
