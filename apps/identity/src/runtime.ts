import type { FastifyBaseLogger } from 'fastify';
import type { IdentityConfig } from './config.ts';
import type { IdentityRepository } from './identity/repository.ts';
import type { SessionRepository } from './session/repository.ts';
import type { FlowErrorRepository, FlowRepository } from './flow/repository.ts';
import type { OneTimeCodeRepository } from './strategy/code/repository.ts';
import type { Courier } from './courier/courier.ts';
import type { CourierRepository } from './courier/repository.ts';
import type { RateLimiter, RateLimits } from './rate-limit/limiter.ts';

/**
 * Everything a handler or strategy needs, built once by `createIdentityService`. It holds
 * repositories, not the database: SQL stays in the `*repository.ts` files.
 */
export interface IdentityRuntime {
  config: IdentityConfig;
  now: () => Date;
  identities: IdentityRepository;
  sessions: SessionRepository;
  flows: FlowRepository;
  flowErrors: FlowErrorRepository;
  codes: OneTimeCodeRepository;
  courier: Courier;
  courierMessages: CourierRepository;
  limiter: RateLimiter;
  rateLimits: RateLimits;
  logger: FastifyBaseLogger;
  cookieNames: { csrf: string; session: string };
  /** Work finished after the answer was sent (e-mails), awaited by `close()`. */
  background(task: () => Promise<void>): void;
}
