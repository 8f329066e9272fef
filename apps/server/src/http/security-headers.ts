import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { ServerConfig } from '../config/env.ts';
import { connectSources, frameSources, scriptSources } from './content-security.ts';

type SecurityConfig = Parameters<typeof connectSources>[0] & Pick<ServerConfig, 'secureCookies'>;

/** Helmet's options for this app: its content security policy, and HSTS only behind TLS. */
function helmetOptions(config: SecurityConfig): Parameters<typeof helmet>[0] {
  const frames = frameSources(config);
  return {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...frames],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'", ...scriptSources(config)],
        'connect-src': ["'self'", ...connectSources(config)],
        'frame-src': frames.length > 0 ? frames : ["'none'"],
        'worker-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  };
}

/**
 * The headers helmet sets for these options, read once from its middleware. The policy is static
 * (no nonces, no directive computed from a request), so every answer gets the same headers.
 */
export function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  // Helmet 8 throws a wrong option instead of passing it on, so `next` only ends the chain.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Helmet's headers on every answer (API, pages, assets, errors), read from helmet once.
 * `@fastify/helmet` built helmet's middleware again for every request, parsing the policy each
 * time, and the middleware's eleven raw `setHeader` calls each checked their header again: a tenth
 * of a cached chart read's busy time (issue 18).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: SecurityConfig): void {
  const headers = helmetHeaders(helmetOptions(config));
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
