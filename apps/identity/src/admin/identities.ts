import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { errors, KratosError } from '../http/errors.ts';
import { sendError } from '../http/respond.ts';
import { isUuid, queryOf } from '../flow/pipeline.ts';
import { publicIdentityJson, secondFactorTypes, type CredentialType, type Identity } from '../identity/identity.ts';
import { DuplicateIdentifierError } from '../identity/repository.ts';
import { normaliseEmail, validateTraits } from '../identity/traits-schema.ts';
import { hashPassword } from '../strategy/password/hasher.ts';
import { passwordProblem } from '../strategy/password/policy.ts';
import { integerOf } from './paging.ts';

/** The identity of the path, or undefined after answering 404. */
export async function identityOr404(
  rt: IdentityRuntime,
  id: string,
  reply: FastifyReply,
): Promise<Identity | undefined> {
  const identity = isUuid(id) ? await rt.identities.findById(id) : undefined;
  if (!identity) sendError(reply, errors.notFound());
  return identity;
}

/** Identities on Kratos's admin paths, with which credentials they have but never their secrets. */
export async function adminIdentityRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
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
    const identity = await identityOr404(rt, (request.params as { id: string }).id, reply);
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
    const identity = await identityOr404(rt, id, reply);
    if (!identity) return;
    if (!secondFactorTypes.includes(type as CredentialType))
      return sendError(reply, errors.badRequest(`You can't remove first factor credentials (${type}).`));
    if (!(await rt.identities.deleteCredential(identity.id, type as CredentialType)))
      return sendError(reply, errors.notFound());
    return reply.code(204).send();
  });
}
