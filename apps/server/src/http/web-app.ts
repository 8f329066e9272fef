import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sendNotFound } from './errors.ts';

/** Paths that belong to the API, services and files; an unknown one there is a 404, never the app. */
const serverPrefixes = ['/api/', '/identity/', '/v0.1/', '/meta/', '/static/', '/assets/'];

/** Source maps would hand out the app's sources: a build that wrote them still never serves them. */
function isSourceMap(path: string): boolean {
  return path.endsWith('.map');
}

function wantsTheApp(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (serverPrefixes.some((prefix) => path.startsWith(prefix)) || isSourceMap(path)) return false;
  return /\btext\/html\b|\*\/\*/.test(request.headers.accept ?? '*/*');
}

/**
 * Serves the built web app: hashed assets for a year, everything else revalidated, and every
 * unknown page path answered with index.html so the client router can take it (history fallback).
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasApp = existsSync(join(webRoot, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: false,
      allowedPath: (path) => !isSourceMap(path),
      setHeaders: (reply, path) => {
        const immutable = path.includes(`${join(webRoot, 'assets')}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static plugin answers a directory with 403; the root is the app's main page.
    app.get('/', (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (hasApp && wantsTheApp(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
}
