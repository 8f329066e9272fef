import type { FastifyInstance } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { adminCourierRoutes } from './courier.ts';
import { adminIdentityRoutes } from './identities.ts';
import { adminRecoveryRoutes } from './recovery.ts';
import { adminSessionRoutes } from './sessions.ts';

/**
 * The admin API the product's staff screens need, on Kratos's admin paths and shapes: identities
 * (with which credentials they have, never their secrets), their sessions, second-factor resets,
 * recovery codes for invitations and the courier's outbox.
 */
export async function adminRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  await adminIdentityRoutes(app, rt);
  await adminSessionRoutes(app, rt);
  await adminRecoveryRoutes(app, rt);
  await adminCourierRoutes(app, rt);
}
