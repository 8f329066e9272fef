import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { errors, KratosError } from '../http/errors.ts';
import { sendError } from '../http/respond.ts';
import { isUuid, queryOf } from '../flow/pipeline.ts';
import { publicIdentityJson, secondFactorTypes, type CredentialType, type Identity } from '../identity/identity.ts';
import { DuplicateIdentifierError } from '../identity/repository.ts';
import { normaliseEmail, validateTraits } from '../identity/traits-schema.ts';
import { sessionJson, type Session } from '../session/session.ts';
import { hashPassword } from '../strategy/password/hasher.ts';
import { passwordProblem } from '../strategy/password/policy.ts';
import { newCode } from '../strategy/code/repository.ts';
import { newRecoveryFlow, showCodeForm } from '../flow/recovery/create.ts';

const defaultRecoveryCodeLifespanMs = 60 * 60 * 1000;

function integerOf(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const parsed = typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(parsed) && parsed >= 0 ? Math.min(parsed, max) : fallback;
}

/** Go durations as Kratos takes them for `expires_in`: "1h", "30m", "90s", "1h30m". */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^(\d+(h|m|s))+$/.test(value)) return undefined;
  let ms = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+)(h|m|s)/g))
    ms += Number(amount) * (unit === 'h' ? 3_600_000 : unit === 'm' ? 60_000 : 1000);
  return ms;
}

/**
 * The admin API the product's staff screens need, on Kratos's admin paths and shapes: identities
 * (with which credentials they have, never their secrets), their sessions, second-factor resets,
 * recovery codes for invitations and the courier's outbox.
 */
export async function adminRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  async function withCredentials(identity: Identity): Promise<Record<string, unknown>> {
    const credentials = await rt.identities.credentials(identity.id);
    return {
      ...publicIdentityJson(identity, rt.config.publicBaseUrl),
      metadata_admin: identity.metadataAdmin,
      credentials: Object.fromEntries(
        [...credentials.values()].map((credential) => [
          credential.type,
          {
            type: credential.type,
            identifiers: credential.identifiers,
            version: credential.version,
            created_at: credential.createdAt.toISOString(),
            updated_at: credential.updatedAt.toISOString(),
          },
        ]),
      ),
    };
  }

  async function identityOr404(id: string, reply: FastifyReply): Promise<Identity | undefined> {
    const identity = isUuid(id) ? await rt.identities.findById(id) : undefined;
    if (!identity) sendError(reply, errors.notFound());
    return identity;
  }

  const adminSessionJson = (session: Session, identity: Identity) =>
    sessionJson(session, identity, rt.config.publicBaseUrl);

  app.get('/admin/identities', async (request, reply) => {
    const query = queryOf(request);
    const perPage = Math.max(1, integerOf(query.per_page, 250, 1000));
    const page = integerOf(query.page, 0);
    const credentialsIdentifier =
      typeof query.credentials_identifier === 'string' ? query.credentials_identifier : undefined;
    if (credentialsIdentifier) {
      const credential = await rt.identities.findByIdentifier('password', normaliseEmail(credentialsIdentifier));
      const identity = credential ? await rt.identities.findById(credential.identityId) : undefined;
      return reply
        .header('x-total-count', identity ? '1' : '0')
        .send(identity ? [await withCredentials(identity)] : []);
    }
    const { identities, total } = await rt.identities.list(page, perPage);
    return reply
      .header('x-total-count', String(total))
      .send(await Promise.all(identities.map((identity) => withCredentials(identity))));
  });

  app.post('/admin/identities', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const traits = validateTraits(body.traits);
    if (!traits.ok)
      return sendError(
        reply,
        errors.badRequest(traits.messages.map((entry) => `${entry.field}: ${entry.message.text}`).join(' ')),
      );
    const identifier = normaliseEmail(traits.traits.email);
    const password = (body.credentials as Record<string, { config?: { password?: unknown } }> | undefined)?.password
      ?.config?.password;
    const credentials: { type: CredentialType; config: Record<string, unknown>; identifiers: string[] }[] = [];
    if (typeof password === 'string') {
      const problem = passwordProblem(password, identifier, rt.config.passwordMinLength);
      if (problem) return sendError(reply, errors.badRequest(problem.text));
      credentials.push({
        type: 'password',
        config: { hashed_password: await hashPassword(password) },
        identifiers: [identifier],
      });
    }
    try {
      const identity = await rt.identities.create({
        traits: traits.traits,
        credentials,
        verified:
          Array.isArray(body.verifiable_addresses) &&
          body.verifiable_addresses.some((address) => (address as { verified?: unknown })?.verified === true),
        at: rt.now(),
      });
      return reply.code(201).send(await withCredentials(identity));
    } catch (error) {
      if (error instanceof DuplicateIdentifierError)
        return sendError(
          reply,
          new KratosError(409, { reason: 'This identity conflicts with another identity that already exists.' }),
        );
      throw error;
    }
  });

  app.get('/admin/identities/:id', async (request, reply) => {
    const identity = await identityOr404((request.params as { id: string }).id, reply);
    if (identity) return reply.send(await withCredentials(identity));
  });

  app.delete('/admin/identities/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!isUuid(id) || !(await rt.identities.delete(id))) return sendError(reply, errors.notFound());
    return reply.code(204).send();
  });

  // The staff's "2FA reset": removes one second-factor credential (Kratos refuses first factors here too).
  app.delete('/admin/identities/:id/credentials/:type', async (request, reply) => {
    const { id, type } = request.params as { id: string; type: string };
    const identity = await identityOr404(id, reply);
    if (!identity) return;
    if (!secondFactorTypes.includes(type as CredentialType))
      return sendError(reply, errors.badRequest(`You can't remove first factor credentials (${type}).`));
    if (!(await rt.identities.deleteCredential(identity.id, type as CredentialType)))
      return sendError(reply, errors.notFound());
    return reply.code(204).send();
  });

  app.get('/admin/identities/:id/sessions', async (request, reply) => {
    const identity = await identityOr404((request.params as { id: string }).id, reply);
    if (!identity) return;
    const query = queryOf(request);
    const { sessions, total } = await rt.sessions.listByIdentity(identity.id, {
      activeOnly: query.active === 'true',
      now: rt.now(),
    });
    return reply
      .header('x-total-count', String(total))
      .send(sessions.map((session) => adminSessionJson(session, identity)));
  });

  app.delete('/admin/identities/:id/sessions', async (request, reply) => {
    const identity = await identityOr404((request.params as { id: string }).id, reply);
    if (!identity) return;
    await rt.sessions.revokeAll(identity.id, rt.now());
    return reply.code(204).send();
  });

  app.get('/admin/sessions/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const session = isUuid(id) ? await rt.sessions.findById(id) : undefined;
    const identity = session ? await rt.identities.findById(session.identityId) : undefined;
    if (!session || !identity) return sendError(reply, errors.notFound());
    return reply.send(adminSessionJson(session, identity));
  });

  app.delete('/admin/sessions/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const session = isUuid(id) ? await rt.sessions.findById(id) : undefined;
    if (!session) return sendError(reply, errors.notFound());
    await rt.sessions.revoke(session.identityId, session.id, rt.now());
    return reply.code(204).send();
  });

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

  app.get('/admin/courier/messages', async (request, reply) => {
    const query = queryOf(request);
    const rows = await rt.courierMessages.list({
      recipient: typeof query.recipient === 'string' ? query.recipient : undefined,
      limit: Math.max(1, integerOf(query.page_size, 250, 1000)),
    });
    return reply.send(
      rows.map((row) => ({
        id: row.id,
        status: row.status,
        type: row.type,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        template_type: row.templateType,
        send_count: row.sendCount,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      })),
    );
  });
}
