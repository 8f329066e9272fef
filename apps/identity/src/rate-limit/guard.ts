import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { IdentityRuntime } from '../runtime.ts';
import { errors } from '../http/errors.ts';
import type { RateLimitRule, Reservation } from './limiter.ts';

export interface Attempt {
  /** The attempt succeeded: it gives back what it took from its identifiers' allowance. */
  succeeded(): void;
}

/** Hashed, so the limiter holds no addresses. */
export const identifierKey = (action: string, identifier: string) =>
  `${action}:id:${createHash('sha256').update(identifier).digest('base64url')}`;

/** The eight 16-bit groups of an IPv6 address; undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address.split('%')[0] ?? '';
  // An embedded IPv4 address (::ffff:1.2.3.4) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...fill, ...right].map((group) => parseInt(group, 16));
}

/**
 * The key an address is limited by: IPv4 as is, IPv6 by its /64 (one subscriber gets a whole /64,
 * so counting per address would let them rotate through 2^64 keys). An IPv4-mapped address counts
 * as the IPv4 address it carries.
 */
export function ipKeyOf(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const [, , , , , marker, high = 0, low = 0] = groups;
  if (groups.slice(0, 5).every((group) => group === 0) && marker === 0xffff)
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * Counts every attempt against the caller's IP (its /64 for IPv6) and against each identifier
 * (e-mail, identity, ...), and refuses (429 with Retry-After) when any is over its limit. The
 * identifiers' count is taken before the work, so concurrent attempts cannot all pass a check made
 * before any of them failed; a success gives it back, so a person who signs in often does not
 * lock themself out: in effect only failures use up an identifier's allowance.
 */
export function guard(
  rt: Pick<IdentityRuntime, 'limiter'>,
  request: Pick<FastifyRequest, 'ip'>,
  action: string,
  perIp: RateLimitRule,
  perIdentifier: RateLimitRule,
  identifiers: string | readonly (string | undefined)[] | undefined,
): Attempt {
  const byIp = rt.limiter.hit(`${action}:ip:${ipKeyOf(request.ip)}`, perIp);
  const keys = [...new Set(typeof identifiers === 'string' ? [identifiers] : (identifiers ?? []))].filter(
    (identifier): identifier is string => identifier !== undefined && identifier !== '',
  );
  const taken: Reservation[] = keys.map((identifier) =>
    rt.limiter.hit(identifierKey(action, identifier), perIdentifier),
  );
  const wait = Math.max(0, ...[byIp, ...taken].map((decision) => (decision.allowed ? 0 : decision.retryAfterSeconds)));
  if (wait > 0) {
    // A refused attempt does no work, so it costs the identifiers nothing.
    for (const reservation of taken) reservation.release();
    throw errors.rateLimited(wait);
  }
  return {
    succeeded() {
      for (const reservation of taken) reservation.release();
    },
  };
}
