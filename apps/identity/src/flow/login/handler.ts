import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../../runtime.ts';
import { errors } from '../../http/errors.ts';
import { normaliseBody } from '../../http/body.ts';
import { acceptsJson, isJsonRequest } from '../../http/negotiate.ts';
import { redirect, sendError, withQuery } from '../../http/respond.ts';
import { authenticate, highestAvailableAal, type ActiveSession } from '../../session/manager.ts';
import { aalRank, sessionJson } from '../../session/session.ts';
import { texts } from '../../ui/text.ts';
import { emailOf } from '../../identity/identity.ts';
import { newDeviceLoginEmail } from '../../courier/templates.ts';
import { baseFlowJson, type Flow, type FlowType } from '../flow.ts';
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
import { offeredTo } from '../../strategy/strategy.ts';
import { FlowValidationError } from '../validation.ts';
import { registerGetFlow } from '../get-flow.ts';
import { rejectBrowserArtifacts, sessionForFlowType } from '../api-flows.ts';
import { createLoginFlow, parseAal, sortLoginNodes } from './create.ts';
import { loginStrategies } from './strategies.ts';

export const loginDescriptor: FlowDescriptor = {
  kind: 'login',
  uiUrl: (rt) => rt.config.ui.login,
  async toJson(_rt, flow) {
    return {
      ...baseFlowJson(flow),
      organization_id: null,
      created_at: flow.createdAt.toISOString(),
      updated_at: flow.updatedAt.toISOString(),
      refresh: flow.refresh,
      requested_aal: flow.requestedAal,
    };
  },
  sort: sortLoginNodes,
  async replace(rt, request, reply, old) {
    const original = new URL(old.requestUrl).searchParams;
    const session = await sessionForFlowType(rt, request, old.type);
    const aal = parseAal(original.get('aal') ?? undefined);
    return createLoginFlow(rt, request, reply, {
      type: old.type,
      requestUrl: old.requestUrl,
      returnTo: old.returnTo ?? undefined,
      aal: session ? aal : 'aal1',
      refresh: session ? original.get('refresh') === 'true' : false,
      session,
    });
  },
  expiredText: (expiredAt, now) => texts.loginExpired(expiredAt, now),
  expiredSubmit: 'gone',
};

async function initLogin(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply, type: FlowType) {
  const query = queryOf(request);
  try {
    if (type === 'api') rejectBrowserArtifacts(request);
    const returnTo = returnToOf(rt, query.return_to);
    const aal = parseAal(query.aal);
    let refresh = query.refresh === 'true';
    const session = await sessionForFlowType(rt, request, type);
    if (!session) {
      if (aal !== 'aal1') throw errors.aal1Required();
      refresh = false;
    } else if (!refresh && aalRank[aal] <= aalRank[session.session.aal]) {
      if (type === 'browser' && !acceptsJson(request)) return redirect(reply, returnTo ?? rt.config.defaultReturnTo);
      throw errors.alreadyLoggedIn(
        'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
      );
    }
    const flow = await createLoginFlow(rt, request, reply, {
      type,
      requestUrl: requestUrlOf(rt, request),
      returnTo,
      aal,
      refresh,
      session,
    });
    return await respondInit(rt, request, reply, loginDescriptor, flow);
  } catch (error) {
    return initError(rt, request, reply, type, error);
  }
}

/** Where a person with a second factor goes after the password: the aal2 login, keeping return_to. */
function secondFactorUrl(rt: IdentityRuntime, flow: Flow): string {
  const original = new URL(flow.requestUrl).searchParams;
  return withQuery(`${rt.config.publicBaseUrl}/self-service/login/browser`, {
    aal: 'aal2',
    return_to: original.get('return_to') ?? undefined,
    login_challenge: original.get('login_challenge') ?? undefined,
  });
}

async function submitLogin(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply) {
  let flow: Flow | undefined;
  try {
    flow = await rt.flows.find('login', flowIdOf(request));
    if (!flow) throw errors.notFound('The login flow could not be found.');
    const body = normaliseBody(request.body);
    throwIfExpired(rt, flow);
    const session = await sessionForFlowType(rt, request, flow.type);
    if (session && !flow.refresh && aalRank[flow.requestedAal] <= aalRank[session.session.aal])
      throw errors.alreadyLoggedIn(
        'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
      );
    if (flow.requestedAal !== 'aal1' && !session) throw errors.aal1Required();
    const current = flow;
    const strategy = loginStrategies.find(
      (candidate) =>
        candidate.aal === current.requestedAal && offeredTo(candidate, current.type) && candidate.handles(body),
    );
    if (!strategy) throw FlowValidationError.form(texts.loginNoStrategy());
    const identity = await strategy.login({ rt, request, flow, body, session });
    const signedIn = await authenticate(
      rt,
      request,
      flow.type === 'browser' ? reply : undefined,
      identity,
      strategy.method,
      strategy.aal,
      session,
    );
    flow.active = strategy.method;
    await rt.flows.update(flow, rt.now());
    if (signedIn.fresh) notifyNewDevice(rt, identity.id, emailOf(identity), signedIn.session.devices[0]);

    const needsSecondFactor =
      flow.type === 'browser' &&
      aalRank[signedIn.session.aal] < aalRank.aal2 &&
      (await highestAvailableAal(rt, identity.id)) === 'aal2';
    if (needsSecondFactor) {
      const to = secondFactorUrl(rt, flow);
      return isJsonRequest(request) ? sendError(reply, errors.locationChange(to)) : redirect(reply, to);
    }
    const returnTo = flow.returnTo ?? rt.config.defaultReturnTo;
    if (flow.type === 'browser' && !isJsonRequest(request)) return redirect(reply, returnTo);
    const sessionBody = sessionJson(signedIn.session, identity, rt.config.publicBaseUrl);
    if (flow.type === 'api')
      return reply.send({
        session: sessionBody,
        session_token: signedIn.token,
        continue_with: [{ action: 'set_ory_session_token', ory_session_token: signedIn.token }],
      });
    return reply.send({
      session: sessionBody,
      continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: returnTo }],
    });
  } catch (error) {
    return writeFlowError(rt, request, reply, loginDescriptor, flow, error);
  }
}

/**
 * The new-device notice: a sign-in from a browser this identity has not used before is mailed to
 * its address, after the answer went out.
 */
function notifyNewDevice(
  rt: IdentityRuntime,
  identityId: string,
  email: string,
  device: ActiveSession['session']['devices'][number] | undefined,
) {
  if (!device || !email) return;
  rt.background(async () => {
    const { sessions } = await rt.sessions.listByIdentity(identityId, { activeOnly: false, now: rt.now(), limit: 200 });
    const earlier = sessions.filter((session) => !session.devices.some((known) => known.id === device.id));
    if (!earlier.length) return;
    const seen = earlier.some((session) => session.devices.some((known) => known.userAgent === device.userAgent));
    if (!seen) await rt.courier.send(newDeviceLoginEmail(email, device, rt.now()));
  });
}

export async function loginRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  app.get('/self-service/login/browser', (request, reply) => initLogin(rt, request, reply, 'browser'));
  app.get('/self-service/login/api', (request, reply) => initLogin(rt, request, reply, 'api'));
  registerGetFlow(app, rt, loginDescriptor);
  app.post('/self-service/login', (request, reply) => submitLogin(rt, request, reply));
  app.get('/self-service/login', (request, reply) => submitLogin(rt, request, reply));
}
