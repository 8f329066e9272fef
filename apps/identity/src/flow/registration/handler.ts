import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../../runtime.ts';
import { errors } from '../../http/errors.ts';
import { normaliseBody } from '../../http/body.ts';
import { acceptsJson, isJsonRequest } from '../../http/negotiate.ts';
import { redirect } from '../../http/respond.ts';
import { publicIdentityJson } from '../../identity/identity.ts';
import { authenticate, ensureCsrfToken } from '../../session/manager.ts';
import { sessionJson } from '../../session/session.ts';
import { texts } from '../../ui/text.ts';
import { startVerification } from '../verification/create.ts';
import { baseFlowJson, type Flow, type FlowType } from '../flow.ts';
import {
  flowIdOf,
  initError,
  queryOf,
  requestUrlOf,
  respondInit,
  respondFlow,
  returnToOf,
  throwIfExpired,
  writeFlowError,
  type FlowDescriptor,
} from '../pipeline.ts';
import { FlowValidationError } from '../validation.ts';
import { registerGetFlow } from '../get-flow.ts';
import { rejectBrowserArtifacts, sessionForFlowType } from '../api-flows.ts';
import { createRegistrationFlow } from './create.ts';
import { registrationStrategies } from './strategies.ts';

export const registrationDescriptor: FlowDescriptor = {
  kind: 'registration',
  uiUrl: (rt) => rt.config.ui.registration,
  async toJson(_rt, flow) {
    return { ...baseFlowJson(flow), organization_id: null };
  },
  async replace(rt, request, reply, old) {
    return createRegistrationFlow(rt, request, reply, {
      type: old.type,
      requestUrl: old.requestUrl,
      returnTo: old.returnTo ?? undefined,
    });
  },
  expiredText: (expiredAt, now) => texts.registrationExpired(expiredAt, now),
  expiredSubmit: 'gone',
};

const alreadyRegistered = () =>
  errors.alreadyLoggedIn('A valid session was detected and thus registration is not possible.');

async function initRegistration(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply, type: FlowType) {
  try {
    if (type === 'api') rejectBrowserArtifacts(request);
    const returnTo = returnToOf(rt, queryOf(request).return_to);
    if (await sessionForFlowType(rt, request, type)) {
      if (type === 'browser' && !acceptsJson(request)) return redirect(reply, returnTo ?? rt.config.defaultReturnTo);
      throw alreadyRegistered();
    }
    const flow = await createRegistrationFlow(rt, request, reply, {
      type,
      requestUrl: requestUrlOf(rt, request),
      returnTo,
    });
    return await respondInit(rt, request, reply, registrationDescriptor, flow);
  } catch (error) {
    return initError(rt, request, reply, type, error);
  }
}

async function submitRegistration(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply) {
  let flow: Flow | undefined;
  try {
    flow = await rt.flows.find('registration', flowIdOf(request));
    if (!flow) throw errors.notFound('The registration flow could not be found.');
    const body = normaliseBody(request.body);
    throwIfExpired(rt, flow);
    if (await sessionForFlowType(rt, request, flow.type)) {
      if (flow.type === 'browser' && !isJsonRequest(request)) return redirect(reply, rt.config.defaultReturnTo);
      throw alreadyRegistered();
    }
    const strategy = registrationStrategies.find((candidate) => candidate.handles(body));
    if (!strategy) throw FlowValidationError.form(texts.registrationNoStrategy());
    const outcome = await strategy.register({ rt, request, flow, body });
    if (outcome.kind === 'show-form') {
      // The profile step answers 400 with the flow although nothing failed (Kratos section 9.2).
      await rt.flows.update(flow, rt.now());
      return await respondFlow(rt, request, reply, registrationDescriptor, flow, 400);
    }
    const { identity } = outcome;
    const browser = flow.type === 'browser';
    const signedIn = await authenticate(
      rt,
      request,
      browser ? reply : undefined,
      identity,
      outcome.method,
      'aal1',
      undefined,
    );
    flow.state = 'passed_challenge';
    flow.active = outcome.method;
    await rt.flows.update(flow, rt.now());
    const verification = await startVerification(rt, identity, {
      type: flow.type,
      csrfToken: browser ? ensureCsrfToken(rt, request, reply) : '',
      requestUrl: flow.requestUrl,
      returnTo: flow.returnTo ?? undefined,
    });
    const returnTo = flow.returnTo ?? rt.config.defaultReturnTo;
    if (browser && !isJsonRequest(request)) return redirect(reply, returnTo);
    const continueWith: Record<string, unknown>[] = [];
    if (!browser) continueWith.push({ action: 'set_ory_session_token', ory_session_token: signedIn.token });
    if (verification) continueWith.push({ action: 'show_verification_ui', flow: verification });
    if (browser) continueWith.push({ action: 'redirect_browser_to', redirect_browser_to: returnTo });
    const current = (await rt.identities.findById(identity.id)) ?? identity;
    return reply.send({
      identity: publicIdentityJson(current, rt.config.publicBaseUrl),
      session: sessionJson(signedIn.session, current, rt.config.publicBaseUrl),
      ...(browser ? {} : { session_token: signedIn.token }),
      continue_with: continueWith,
    });
  } catch (error) {
    return writeFlowError(rt, request, reply, registrationDescriptor, flow, error);
  }
}

export async function registrationRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  app.get('/self-service/registration/browser', (request, reply) => initRegistration(rt, request, reply, 'browser'));
  app.get('/self-service/registration/api', (request, reply) => initRegistration(rt, request, reply, 'api'));
  registerGetFlow(app, rt, registrationDescriptor);
  app.post('/self-service/registration', (request, reply) => submitRegistration(rt, request, reply));
  app.get('/self-service/registration', (request, reply) => submitRegistration(rt, request, reply));
}
