import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { IdentityRuntime } from '../runtime.ts';
import { errors } from '../http/errors.ts';
import type { RateLimitRule } from './limiter.ts';

/**
 * Counts one attempt against the caller's IP and against the identifier it is about (hashed, so
 * the limiter's memory holds no e-mails); 429 with Retry-After once either is over its limit.
 */
export function guard(
  rt: IdentityRuntime,
  request: FastifyRequest,
  action: string,
  perIp: RateLimitRule,
  perIdentifier: RateLimitRule,
  identifier: string | undefined,
): void {
  const decisions = [rt.limiter.hit(`${action}:ip:${request.ip}`, perIp)];
  if (identifier) {
    const key = createHash('sha256').update(identifier).digest('base64url');
    decisions.push(rt.limiter.hit(`${action}:id:${key}`, perIdentifier));
  }
  const refused = decisions.map((decision) => (decision.allowed ? 0 : decision.retryAfterSeconds));
  const wait = Math.max(...refused);
  if (wait > 0) throw errors.rateLimited(wait);
}
