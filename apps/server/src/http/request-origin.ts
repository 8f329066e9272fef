import type { FastifyRequest } from 'fastify';

const hostPattern =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the browser used for this request (its Host, and the scheme behind a trusted proxy),
 * or undefined when the Host is no plain host name. Only ever used to build addresses on that same
 * origin, never to reach another one.
 */
export function requestOrigin(request: FastifyRequest): string | undefined {
  const host = request.host;
  const protocol = request.protocol;
  if (!hostPattern.test(host) || (protocol !== 'http' && protocol !== 'https')) return undefined;
  return `${protocol}://${host.toLowerCase()}`;
}
