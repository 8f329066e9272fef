import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../../runtime.ts';
import type { Identity } from '../../identity/identity.ts';
import { ensureCsrfToken, type ActiveSession } from '../../session/manager.ts';
import { newContainer, sortNodes, type UiContainer } from '../../ui/container.ts';
import { csrfNode } from '../../ui/nodes.ts';
import type { Credentials } from '../../strategy/strategy.ts';
import { actionUrl, type Flow, type FlowType } from '../flow.ts';
import { createFlow } from '../pipeline.ts';
import { settingsStrategies } from './strategies.ts';

/** Kratos's settings sort: groups in this order, csrf_token first. */
export function sortSettingsNodes(ui: UiContainer): void {
  sortNodes(ui, ['default', 'profile', 'password', 'lookup_secret', 'webauthn', 'totp'], ['csrf_token']);
}

/** The settings form of an identity: each strategy adds the nodes it offers. */
export async function buildSettingsUi(
  rt: IdentityRuntime,
  flow: Pick<Flow, 'id' | 'type' | 'internal'>,
  identity: Identity,
  credentials: Credentials,
): Promise<UiContainer> {
  const ui = newContainer(actionUrl(rt.config.publicBaseUrl, 'settings', flow.id));
  if (flow.type === 'browser') ui.nodes.push(csrfNode());
  for (const strategy of settingsStrategies)
    await strategy.populate(rt, ui, {
      identity,
      credentials,
      flowId: flow.id,
      internal: flow.internal,
      flowType: flow.type,
    });
  sortSettingsNodes(ui);
  return ui;
}

/** A new settings flow for the signed-in identity; a recovery ends in one too. */
export async function createSettingsFlow(
  rt: IdentityRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  session: ActiveSession,
  options: { type: FlowType; requestUrl: string; returnTo?: string },
): Promise<Flow> {
  const credentials = await rt.identities.credentials(session.identity.id);
  return createFlow(rt, {
    kind: 'settings',
    type: options.type,
    requestUrl: options.requestUrl,
    returnTo: options.returnTo,
    csrfToken: options.type === 'browser' ? ensureCsrfToken(rt, request, reply) : '',
    state: 'show_form',
    identityId: session.identity.id,
    async build(ui, id, internal) {
      const built = await buildSettingsUi(rt, { id, type: options.type, internal }, session.identity, credentials);
      ui.nodes = built.nodes;
    },
  });
}
