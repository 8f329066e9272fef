import type { FastifyInstance } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { errors } from '../http/errors.ts';
import { sendError } from '../http/respond.ts';
import { isUuid } from '../flow/pipeline.ts';
import { newCode } from '../strategy/code/repository.ts';
import { newRecoveryFlow, showCodeForm } from '../flow/recovery/create.ts';

const defaultRecoveryCodeLifespanMs = 60 * 60 * 1000;

/** Go durations as Kratos takes them for `expires_in`: "1h", "30m", "90s", "1h30m". */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^(\d+(h|m|s))+$/.test(value)) return undefined;
  let ms = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+)(h|m|s)/g))
    ms += Number(amount) * (unit === 'h' ? 3_600_000 : unit === 'm' ? 60_000 : 1000);
  return ms;
}

/** Recovery codes made by staff, which the product mails as invitations. */
export async function adminRecoveryRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  app.post('/admin/recovery/code', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const identityId = body.identity_id;
    const identity = isUuid(identityId) ? await rt.identities.findById(identityId) : undefined;
    if (!identity) return sendError(reply, errors.notFound('The requested identity id does not exist.'));
    const address = identity.recoveryAddresses[0];
    if (!address) return sendError(reply, errors.badRequest('The identity does not have a recovery address.'));
    const lifespan = body.expires_in === undefined ? defaultRecoveryCodeLifespanMs : parseDuration(body.expires_in);
    if (lifespan === undefined) return sendError(reply, errors.badRequest('Unable to parse "expires_in" duration.'));
    const now = rt.now();
    const flow = await newRecoveryFlow(rt, {
      type: 'browser',
      csrfToken: '',
      requestUrl: `${rt.config.publicBaseUrl}/self-service/recovery/browser`,
    });
    showCodeForm(flow, address.value);
    flow.internal.dangerousSkipCsrfCheck = true;
    flow.expiresAt = new Date(now.getTime() + lifespan);
    await rt.flows.update(flow, now);
    const code = newCode();
    await rt.codes.create({
      kind: 'recovery',
      flowId: flow.id,
      identityId: identity.id,
      address: address.value,
      code,
      expiresAt: flow.expiresAt,
      issuedBy: 'admin',
      at: now,
    });
    return reply.code(201).send({
      recovery_link: `${rt.config.publicBaseUrl}/self-service/recovery?flow=${flow.id}`,
      recovery_code: code,
      expires_at: flow.expiresAt.toISOString(),
    });
  });
}
