import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../../runtime.ts';
import { errors } from '../../http/errors.ts';
import { ensureCsrfToken, type ActiveSession } from '../../session/manager.ts';
import { aalRank, type AuthenticatorAssuranceLevel } from '../../session/session.ts';
import { addMessage, sortNodes, type UiContainer } from '../../ui/container.ts';
import { texts } from '../../ui/text.ts';
import { offeredTo, type LoginAudience } from '../../strategy/strategy.ts';
import { createFlow } from '../pipeline.ts';
import type { Flow, FlowType } from '../flow.ts';
import { loginStrategies } from './strategies.ts';

export function parseAal(raw: unknown): AuthenticatorAssuranceLevel {
  if (raw === undefined || raw === '' || raw === 'aal1') return 'aal1';
  if (raw === 'aal2') return 'aal2';
  throw errors.badRequest(
    `Unable to parse AuthenticationMethod Assurance Level (AAL): expected one of [aal1, aal2, aal3] but got ${typeof raw === 'string' ? raw : JSON.stringify(raw)}`,
  );
}

/** Kratos's login sort: groups in this order, then csrf_token, identifier and password first. */
export function sortLoginNodes(ui: UiContainer): void {
  sortNodes(
    ui,
    ['default', 'webauthn', 'code', 'password', 'totp', 'lookup_secret'],
    ['csrf_token', 'identifier', 'password'],
  );
}

export interface LoginFlowOptions {
  type: FlowType;
  requestUrl: string;
  returnTo?: string;
  aal: AuthenticatorAssuranceLevel;
  refresh: boolean;
  session: ActiveSession | undefined;
}

/** A new login flow whose form holds the methods the audience can use. */
export async function createLoginFlow(
  rt: IdentityRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  options: LoginFlowOptions,
): Promise<Flow> {
  const { session } = options;
  const credentials = session ? await rt.identities.credentials(session.identity.id) : undefined;
  const audience: LoginAudience =
    session && credentials && options.aal === 'aal2'
      ? { kind: 'second-factor', identity: session.identity, credentials }
      : session && credentials && options.refresh
        ? { kind: 'refresh', identity: session.identity, credentials }
        : { kind: 'first-factor' };
  return createFlow(rt, {
    kind: 'login',
    type: options.type,
    requestUrl: options.requestUrl,
    returnTo: options.returnTo,
    csrfToken: options.type === 'browser' ? ensureCsrfToken(rt, request, reply) : '',
    state: 'choose_method',
    refresh: options.refresh,
    requestedAal: options.aal,
    async build(ui, _id, internal) {
      for (const strategy of loginStrategies) {
        if (strategy.aal !== options.aal || !offeredTo(strategy, options.type)) continue;
        await strategy.populate(rt, ui, audience, internal);
      }
      if (options.refresh) addMessage(ui, texts.loginReAuth());
      if (session && aalRank[options.aal] > aalRank[session.session.aal] && options.aal !== 'aal1')
        addMessage(ui, texts.loginMfa());
      sortLoginNodes(ui);
    },
  });
}
