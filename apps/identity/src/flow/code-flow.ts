import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { KratosError } from '../http/errors.ts';
import { redirect, withQuery } from '../http/respond.ts';
import { rotateCsrfToken } from '../session/manager.ts';
import { addMessage } from '../ui/container.ts';
import type { UiText } from '../ui/text.ts';
import { validateTraits } from '../identity/traits-schema.ts';
import type { Flow } from './flow.ts';
import type { FlowDescriptor } from './pipeline.ts';
import { FlowValidationError } from './validation.ts';

/** How many wrong codes a recovery or verification flow takes before its codes stop working. */
export const maxCodeSubmissions = 5;

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
