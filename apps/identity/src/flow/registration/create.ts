import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../../runtime.ts';
import { traitNodes } from '../../identity/traits-schema.ts';
import { ensureCsrfToken } from '../../session/manager.ts';
import type { Flow, FlowType } from '../flow.ts';
import { createFlow } from '../pipeline.ts';
import { registrationStrategies } from './strategies.ts';

/**
 * Kratos's one-step registration form (traits, password, "Sign up"); the two-step profile-first
 * submit (`method: profile`) is accepted as well.
 */
export function createRegistrationFlow(
  rt: IdentityRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { type: FlowType; requestUrl: string; returnTo?: string },
): Promise<Flow> {
  return createFlow(rt, {
    kind: 'registration',
    type: options.type,
    requestUrl: options.requestUrl,
    returnTo: options.returnTo,
    csrfToken: options.type === 'browser' ? ensureCsrfToken(rt, request, reply) : '',
    state: 'choose_method',
    build(ui) {
      ui.nodes.push(...traitNodes('default'));
      for (const strategy of registrationStrategies) strategy.populate(rt, ui);
    },
  });
}
