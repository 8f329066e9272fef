import type { FastifyBaseLogger } from 'fastify';
import type { Drizzle } from '@pool/db/database';
import type { IdentityConfig } from './config.ts';
import type { IdentitySchema } from './db/schema.ts';
import type { IdentityRepository } from './identity/repository.ts';
import type { SessionRepository } from './session/repository.ts';
import type { FlowErrorRepository, FlowRepository } from './flow/repository.ts';
import type { OneTimeCodeRepository } from './strategy/code/repository.ts';
import type { Courier } from './courier/courier.ts';
import type { RateLimiter, RateLimits } from './rate-limit/limiter.ts';

/** Everything a handler or strategy needs, built once by `createIdentityService`. */
export interface IdentityRuntime {
  config: IdentityConfig;
  now: () => Date;
  db: Drizzle<IdentitySchema>;
  identities: IdentityRepository;
  sessions: SessionRepository;
  flows: FlowRepository;
  flowErrors: FlowErrorRepository;
  codes: OneTimeCodeRepository;
  courier: Courier;
  limiter: RateLimiter;
  rateLimits: RateLimits;
  logger: FastifyBaseLogger;
  cookieNames: { csrf: string; session: string };
  /** Work finished after the answer was sent (e-mails), awaited by `close()`. */
  background(task: () => Promise<void>): void;
}
