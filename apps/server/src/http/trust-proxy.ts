import type { FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config/env.ts';

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes proxy-addr's own rule (the first n
 * addresses from the socket are proxies), because Fastify trusts nothing for a bare number: every
 * visitor would then share the proxy's address and its rate limits. A hop count is only safe when
 * no client reaches the server except through the proxies.
 */
export function trustProxyOption(trust: ServerConfig['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}
