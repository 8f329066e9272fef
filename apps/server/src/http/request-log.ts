import type { FastifyRequest } from 'fastify';

/**
 * Pages and calls whose next path segment is a secret (watcher links, invitations), for requests
 * no route pattern describes: the app's pages and unknown paths.
 */
const secretAfter = new Set(['watch', 'invites', 'watchers']);

function isTokenParam(name: string): boolean {
  return /token/i.test(name);
}

/**
 * The URL as the log shows it: never a query string (`?token=`, `?watcher_token=`, flow ids and
 * codes), and `:token` in place of every token in the path. The route's pattern decides where it
 * has one; otherwise any segment after `watch`, `invites` or `watchers` is taken for a token.
 */
export function loggedUrl(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern && !pattern.includes('*')) {
    const params = (request.params ?? {}) as Record<string, unknown>;
    return pattern.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) => {
      if (isTokenParam(name)) return ':token';
      const value = params[name];
      return typeof value === 'string' ? value : whole;
    });
  }
  const segments = (request.url.split('?')[0] ?? '/').split('/');
  return segments
    .map((segment, index) => (index > 0 && secretAfter.has(segments[index - 1] ?? '') ? ':token' : segment))
    .join('/');
}

/** Pino's `req` serializer: Fastify's default fields, with the URL as `loggedUrl` shows it. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
