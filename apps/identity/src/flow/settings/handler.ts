import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../../runtime.ts';
import { errors, KratosError } from '../../http/errors.ts';
import { normaliseBody } from '../../http/body.ts';
import { acceptsJson, isJsonRequest } from '../../http/negotiate.ts';
import { redirect, withQuery } from '../../http/respond.ts';
import { publicIdentityJson } from '../../identity/identity.ts';
import { ensureCsrfToken, highestAvailableAal, setSessionCookie, type ActiveSession } from '../../session/manager.ts';
import { aalOf, aalRank, type AuthenticationMethodName } from '../../session/session.ts';
import { addMessage } from '../../ui/container.ts';
import { texts } from '../../ui/text.ts';
import { actionUrl, baseFlowJson, type Flow, type FlowType } from '../flow.ts';
import {
  flowIdOf,
  initError,
  queryOf,
  requestUrlOf,
  respondInit,
  returnToOf,
  throwIfExpired,
  writeFlowError,
  type FlowDescriptor,
} from '../pipeline.ts';
import { FlowValidationError } from '../validation.ts';
import { registerGetFlow } from '../get-flow.ts';
import { rejectBrowserArtifacts, sessionForFlowType } from '../api-flows.ts';
import { buildSettingsUi, createSettingsFlow, sortSettingsNodes } from './create.ts';
import { settingsStrategies } from './strategies.ts';
import { startVerification } from '../verification/create.ts';

export const settingsDescriptor: FlowDescriptor = {
  kind: 'settings',
  uiUrl: (rt) => rt.config.ui.settings,
  async toJson(rt, flow) {
    const identity = flow.identityId ? await rt.identities.findById(flow.identityId) : undefined;
    const continueWith = flow.internal.continue_with;
    return {
      ...baseFlowJson(flow),
      organization_id: null,
      identity: identity ? publicIdentityJson(identity, rt.config.publicBaseUrl) : null,
      ...(Array.isArray(continueWith) && continueWith.length ? { continue_with: continueWith } : {}),
    };
  },
  sort: sortSettingsNodes,
  async replace(rt, request, reply, old) {
    const session = await sessionForFlowType(rt, request, old.type);
    if (!session) throw errors.sessionInactive();
    return createSettingsFlow(rt, request, reply, session, {
      type: old.type,
      requestUrl: old.requestUrl,
      returnTo: old.returnTo ?? undefined,
    });
  },
  expiredText: (expiredAt, now) => texts.settingsExpired(expiredAt, now),
  expiredSubmit: 'gone',
};

/** `highest_available`: a session must be aal2 once the identity has a second factor. */
async function requireAal(rt: IdentityRuntime, session: ActiveSession, returnTo: string): Promise<void> {
  if (aalRank[session.session.aal] >= aalRank.aal2) return;
  if ((await highestAvailableAal(rt, session.identity.id)) !== 'aal2') return;
  throw errors.aal2Required(
    withQuery(`${rt.config.publicBaseUrl}/self-service/login/browser`, { aal: 'aal2', return_to: returnTo }),
  );
}

const missingSession = () =>
  new KratosError(401, { reason: 'A valid Ory Session Cookie or Ory Session Token is missing.' });

async function initSettings(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply, type: FlowType) {
  try {
    if (type === 'api') rejectBrowserArtifacts(request);
    const returnTo = returnToOf(rt, queryOf(request).return_to);
    const session = await sessionForFlowType(rt, request, type);
    if (!session) {
      if (type === 'browser' && !acceptsJson(request)) return redirect(reply, rt.config.ui.login);
      throw errors.sessionInactive(
        'This endpoint can only be accessed with a valid session. Please log in and try again.',
      );
    }
    const requestUrl = requestUrlOf(rt, request);
    try {
      await requireAal(rt, session, requestUrl);
    } catch (error) {
      const to = error instanceof KratosError ? error.extra.redirect_browser_to : undefined;
      if (typeof to === 'string' && type === 'browser' && !acceptsJson(request)) return redirect(reply, to);
      throw error;
    }
    const flow = await createSettingsFlow(rt, request, reply, session, { type, requestUrl, returnTo });
    return await respondInit(rt, request, reply, settingsDescriptor, flow);
  } catch (error) {
    return initError(rt, request, reply, type, error);
  }
}

async function submitSettings(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply) {
  let flow: Flow | undefined;
  try {
    flow = await rt.flows.find('settings', flowIdOf(request));
    if (!flow) throw errors.notFound('The settings flow could not be found.');
    const body = normaliseBody(request.body);
    const session = await sessionForFlowType(rt, request, flow.type);
    if (!session) throw missingSession();
    if (session.identity.id !== flow.identityId) throw errors.identityMismatch();
    await requireAal(rt, session, flow.requestUrl);
    throwIfExpired(rt, flow);
    const strategy = settingsStrategies.find((candidate) => candidate.handles(body));
    if (!strategy) throw FlowValidationError.form(texts.settingsNoStrategy());
    strategy.validate?.(body);
    const credentials = await rt.identities.credentials(session.identity.id);
    const submit = { rt, request, reply, flow, body, session, identity: session.identity, credentials };
    const privilegedUntil = session.session.authenticatedAt.getTime() + rt.config.lifespans.privilegedSessionMs;
    if (strategy.needsPrivilegedSession(submit) && privilegedUntil <= rt.now().getTime())
      throw errors.refreshRequired(
        withQuery(`${rt.config.publicBaseUrl}/self-service/login/browser`, {
          refresh: 'true',
          return_to: actionUrl(rt.config.publicBaseUrl, 'settings', flow.id),
        }),
      );
    const outcome = await strategy.update(submit);
    flow.active = strategy.method;
    if (outcome.kind === 'show-form') {
      flow.ui.messages = undefined;
      delete flow.ui.messages;
      sortSettingsNodes(flow.ui);
      await rt.flows.update(flow, rt.now());
      if (flow.type === 'browser' && !isJsonRequest(request))
        return redirect(reply, withQuery(rt.config.ui.settings, { flow: flow.id }));
      return reply.code(200).send(await settingsDescriptor.toJson(rt, flow));
    }
    if (outcome.revokeOtherSessions)
      await rt.sessions.revokeOthers(session.identity.id, session.session.id, rt.now(), rt.now());
    return await settingsSaved(rt, request, reply, flow, session, outcome.secondFactor, outcome.verifyAddress);
  } catch (error) {
    return writeFlowError(rt, request, reply, settingsDescriptor, flow, error);
  }
}

/** A saved change: the form is rendered anew, the flow says so, the session cookie is re-issued. */
async function settingsSaved(
  rt: IdentityRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: Flow,
  session: ActiveSession,
  secondFactor: AuthenticationMethodName | undefined,
  verifyAddress = false,
) {
  const now = rt.now();
  if (secondFactor === 'totp' || secondFactor === 'lookup_secret' || secondFactor === 'webauthn') {
    session.session.authenticationMethods = [
      ...session.session.authenticationMethods,
      { method: secondFactor, aal: 'aal2', completed_at: now.toISOString() },
    ];
    session.session.aal = aalOf(session.session.authenticationMethods);
    await rt.sessions.update(session.session, now);
  }
  if (flow.type === 'browser') setSessionCookie(rt, reply, session.token, session.session);
  const identity = (await rt.identities.findById(session.identity.id)) ?? session.identity;
  const credentials = await rt.identities.credentials(identity.id);
  flow.ui = await buildSettingsUi(rt, flow, identity, credentials);
  addMessage(flow.ui, texts.settingsSaved());
  flow.state = 'success';
  const returnTo = flow.returnTo ?? withQuery(rt.config.ui.settings, { flow: flow.id });
  // A changed e-mail is unverified: its code goes out now and the answer says where to enter it.
  const verification = verifyAddress
    ? await startVerification(rt, identity, {
        type: flow.type,
        csrfToken: flow.type === 'browser' ? ensureCsrfToken(rt, request, reply) : '',
        requestUrl: flow.requestUrl,
        returnTo,
      })
    : undefined;
  flow.internal.continue_with = [
    ...(verification ? [{ action: 'show_verification_ui', flow: verification }] : []),
    { action: 'redirect_browser_to', redirect_browser_to: returnTo },
  ];
  await rt.flows.update(flow, now);
  if (flow.type === 'browser' && !isJsonRequest(request)) return redirect(reply, returnTo);
  return reply.code(200).send(await settingsDescriptor.toJson(rt, flow));
}

export async function settingsRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  app.get('/self-service/settings/browser', (request, reply) => initSettings(rt, request, reply, 'browser'));
  app.get('/self-service/settings/api', (request, reply) => initSettings(rt, request, reply, 'api'));
  registerGetFlow(app, rt, settingsDescriptor, {
    expiredWithoutId: true,
    async check(request, flow) {
      const session = await sessionForFlowType(rt, request, flow.type);
      if (!session) throw missingSession();
      if (session.identity.id !== flow.identityId) throw errors.identityMismatch();
      await requireAal(rt, session, flow.requestUrl);
    },
  });
  app.post('/self-service/settings', (request, reply) => submitSettings(rt, request, reply));
  app.get('/self-service/settings', (request, reply) => submitSettings(rt, request, reply));
}
