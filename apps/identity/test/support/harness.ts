import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '@pool/db/database';
import { openTestDatabase, type TestDatabaseKind } from '@pool/db/testing';
import { createIdentityService, type IdentityService, type IdentityServiceOptions } from '../../src/service.ts';

/** A clock the tests move: flows expire and sessions age without waiting. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface RunningIdentity {
  /** The origin, e.g. http://127.0.0.1:41234; the public API is below `${origin}/identity`. */
  origin: string;
  publicBase: string;
  service: IdentityService;
  database: Database;
  clock: TestClock;
  app: FastifyInstance;
  /** Reads the admin API as the product would. */
  admin(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The identity service as the product mounts it: the public API under /identity and the
 * well-known routes at the root of one origin, on a real port, with a fresh database.
 */
export async function startIdentity(
  kind: TestDatabaseKind,
  options: Partial<Omit<IdentityServiceOptions, 'database'>> = {},
): Promise<RunningIdentity> {
  const database = await openTestDatabase(kind);
  const clock = new TestClock();
  const app = Fastify({ logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await app.close();
  // Listen again on the same port now that the address (needed by the service) is known.
  const port = Number(new URL(origin).port);
  const service = await createIdentityService({
    database,
    publicBaseUrl: `${origin}/identity`,
    appUrl: origin,
    passwordMinLength: 8,
    secureCookies: false,
    now: clock.now,
    ...options,
  });
  const server = Fastify({ logger: false });
  await server.register(service.publicApi, { prefix: '/identity' });
  await server.register(service.wellKnown);
  await server.listen({ port, host: '127.0.0.1' });
  return {
    origin,
    publicBase: `${origin}/identity`,
    service,
    database,
    clock,
    app: server,
    admin: (path, init = {}) =>
      fetch(`${service.admin.baseUrl}${path}`, {
        ...init,
        headers: {
          ...service.admin.headers,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
      }),
    async close() {
      await server.close();
      await service.close();
      await database.close();
    },
  };
}
