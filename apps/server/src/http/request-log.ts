import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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

/** A request slower than this is logged at `info` even when it succeeded. */
export const slowRequestMs = 1000;

/**
 * One line per request, at a level that says whether it matters: failed (5xx, or an error) at
 * `warn`, slow at `info`, every other at `debug`. Fastify's own two lines per request at `info`
 * cost CPU on hot reads and flood a newcomer's terminal. Handled errors keep their own log line
 * (`registerErrorHandling`).
 */
export class LeveledRequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'route not found');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const entry = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error || reply.statusCode >= 500) reply.log.warn(entry, 'request failed');
    else if (reply.elapsedTime >= slowRequestMs) reply.log.info(entry, 'slow request');
    else reply.log.debug(entry, 'request completed');
  }
}

/**
 * Pino's options for where the log goes: readable lines on a terminal (pino-pretty), JSON lines
 * anywhere else (a file, a collector, a container's stdout), and to `stream` when a test gives one.
 */
export function logDestination(stream?: { write(line: string): void }) {
  if (stream) return { stream };
  if (process.stdout.isTTY) return { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } };
  return {};
}
