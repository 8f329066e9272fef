import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { IdentityRuntime } from '../runtime.ts';
import { errors } from '../http/errors.ts';
import type { RateLimitRule } from './limiter.ts';

export interface Attempt {
  /** Counts the attempt against its identifier: only failures use up an identifier's allowance. */
  failed(): void;
}

/**
 * Counts every attempt against the caller's IP, and refuses (429 with Retry-After) an identifier
 * (e-mail or identity, hashed so the limiter holds no addresses) whose failures reached the limit.
 * Counting only failures per identifier keeps a person who signs in often from locking themself out.
 */
export function guard(
  rt: IdentityRuntime,
  request: FastifyRequest,
  action: string,
  perIp: RateLimitRule,
  perIdentifier: RateLimitRule,
  identifier: string | undefined,
): Attempt {
  const key = identifier ? `${action}:id:${createHash('sha256').update(identifier).digest('base64url')}` : undefined;
  const byIp = rt.limiter.hit(`${action}:ip:${request.ip}`, perIp);
  const byIdentifier = key ? rt.limiter.peek(key, perIdentifier) : ({ allowed: true } as const);
  const wait = Math.max(
    byIp.allowed ? 0 : byIp.retryAfterSeconds,
    byIdentifier.allowed ? 0 : byIdentifier.retryAfterSeconds,
  );
  if (wait > 0) throw errors.rateLimited(wait);
  return {
    failed() {
      if (key) rt.limiter.hit(key, perIdentifier);
    },
  };
}
