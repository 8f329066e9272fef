import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { KratosError } from '../http/errors.ts';
import { redirect, withQuery } from '../http/respond.ts';
import { rotateCsrfToken } from '../session/manager.ts';
import { addMessage } from '../ui/container.ts';
import type { UiText } from '../ui/text.ts';
import { validateTraits } from '../identity/traits-schema.ts';
import type { CodeKind } from '../strategy/code/repository.ts';
import type { Flow } from './flow.ts';
import type { FlowDescriptor } from './pipeline.ts';
import { FlowValidationError } from './validation.ts';

const sendKey = 'code_send';

/**
 * A send on a recovery or verification flow: the flow records a new send and then its earlier codes
 * stop working, so a guess is only ever compared with the code of the latest send (sending to a
 * decoy address next cannot keep the victim's code alive). Answers the send's id.
 */
export async function beginCodeSend(rt: IdentityRuntime, flow: Flow): Promise<string> {
  const sendId = randomUUID();
  flow.internal[sendKey] = sendId;
  await rt.flows.update(flow, rt.now());
  await rt.codes.invalidateFlow(flow.id, rt.now());
  return sendId;
}

/**
 * Codes are made in the background after the answer. One made for a send that a later send has
 * replaced meanwhile may have missed that send's invalidation: it is invalidated here instead, and
 * not mailed.
 */
export async function isLatestSend(
  rt: IdentityRuntime,
  kind: CodeKind,
  flowId: string,
  sendId: string,
  codeId: string,
): Promise<boolean> {
  const flow = await rt.flows.find(kind, flowId);
  if (flow?.internal[sendKey] === sendId) return true;
  await rt.codes.invalidate(codeId, rt.now());
  return false;
}

/**
 * What a code guess counts against: the address the flow last sent to, and the identity of every
 * code still usable on the flow (whatever address was typed last). Known and unknown addresses are
 * therefore limited alike, and a victim's code is limited by the victim's identity.
 */
export async function guessIdentifiers(rt: IdentityRuntime, kind: CodeKind, flow: Flow): Promise<string[]> {
  const email = typeof flow.internal.email === 'string' ? flow.internal.email.toLowerCase() : undefined;
  const identities = await rt.codes.liveIdentities(kind, flow.id, rt.now());
  const keys = [...(email ? [`address:${email}`] : []), ...identities.map((id) => `identity:${id}`)];
  return keys.length ? keys : [`flow:${flow.id}`];
}

/** The address of a send step, checked as the schema checks the e-mail trait. */
export function emailOfBody(body: Record<string, unknown>): string {
  const email = body.email;
  if (email === undefined || email === null || email === '')
    throw FlowValidationError.field('email', {
      id: 4000002,
      text: 'Property email is missing.',
      type: 'error',
      context: { property: 'email' },
    });
  const checked = validateTraits({ email, terms_agreed: true });
  if (!checked.ok) throw new FlowValidationError(checked.messages.map((entry) => ({ ...entry, field: 'email' })));
  return checked.traits.email;
}

/**
 * Recovery and verification answer a retry (anti-CSRF failure, a finished flow) with a new flow:
 * a JSON client is sent to fetch it with a 303, a browser to the UI; the anti-CSRF cookie is renewed.
 */
export async function retryWithNewFlow(
  rt: IdentityRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  descriptor: FlowDescriptor,
  old: Flow,
  message: UiText | undefined,
  json: boolean,
): Promise<FastifyReply> {
  if (old.type === 'browser') rotateCsrfToken(rt, request, reply);
  const replacement = await descriptor.replace(rt, request, reply, old);
  if (message) addMessage(replacement.ui, message);
  await rt.flows.update(replacement, rt.now());
  if (!json) return redirect(reply, withQuery(descriptor.uiUrl(rt), { flow: replacement.id }));
  return redirect(reply, `${rt.config.publicBaseUrl}/self-service/${descriptor.kind}/flows?id=${replacement.id}`);
}

export const isCsrfViolation = (error: unknown) =>
  error instanceof KratosError && error.id === 'security_csrf_violation';
