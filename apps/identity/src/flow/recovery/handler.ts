import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../../runtime.ts';
import { errors } from '../../http/errors.ts';
import { normaliseBody, stringField } from '../../http/body.ts';
import { acceptsJson, isJsonRequest } from '../../http/negotiate.ts';
import { redirect, sendError, withQuery } from '../../http/respond.ts';
import { guard } from '../../rate-limit/guard.ts';
import { authenticate, ensureCsrfToken } from '../../session/manager.ts';
import { addMessage, resetMessages } from '../../ui/container.ts';
import { texts } from '../../ui/text.ts';
import { baseFlowJson, skipsCsrfCheck, type Flow, type FlowType } from '../flow.ts';
import {
  checkCsrf,
  flowIdOf,
  initError,
  queryOf,
  requestUrlOf,
  respondFlow,
  respondInit,
  returnToOf,
  throwIfExpired,
  writeFlowError,
  type FlowDescriptor,
} from '../pipeline.ts';
import { registerGetFlow } from '../get-flow.ts';
import { rejectBrowserArtifacts, sessionForFlowType } from '../api-flows.ts';
import { beginCodeSend, emailOfBody, guessIdentifiers, isCsrfViolation, retryWithNewFlow } from '../code-flow.ts';
import { createSettingsFlow } from '../settings/create.ts';
import { newRecoveryFlow, sendRecoveryCode, showCodeForm } from './create.ts';

export const recoveryDescriptor: FlowDescriptor = {
  kind: 'recovery',
  uiUrl: (rt) => rt.config.ui.recovery,
  async toJson(_rt, flow) {
    return baseFlowJson(flow);
  },
  async replace(rt, request, reply, old) {
    return newRecoveryFlow(rt, {
      type: old.type,
      csrfToken: old.type === 'browser' ? ensureCsrfToken(rt, request, reply) : '',
      requestUrl: old.requestUrl,
      returnTo: old.returnTo ?? undefined,
    });
  },
  expiredText: (expiredAt, now) => texts.recoveryExpired(expiredAt, now),
  expiredSubmit: 'see-other',
};

const alreadySignedIn = () => errors.alreadyLoggedIn('A valid session was detected and thus recovery is not possible.');

async function initRecovery(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply, type: FlowType) {
  try {
    if (type === 'api') rejectBrowserArtifacts(request);
    const returnTo = returnToOf(rt, queryOf(request).return_to);
    if (await sessionForFlowType(rt, request, type)) {
      if (type === 'browser' && !acceptsJson(request)) return redirect(reply, returnTo ?? rt.config.defaultReturnTo);
      throw alreadySignedIn();
    }
    const flow = await newRecoveryFlow(rt, {
      type,
      csrfToken: type === 'browser' ? ensureCsrfToken(rt, request, reply) : '',
      requestUrl: requestUrlOf(rt, request),
      returnTo,
    });
    return await respondInit(rt, request, reply, recoveryDescriptor, flow);
  } catch (error) {
    return initError(rt, request, reply, type, error);
  }
}

async function submitRecovery(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply) {
  let flow: Flow | undefined;
  try {
    flow = await rt.flows.find('recovery', flowIdOf(request));
    if (!flow) throw errors.notFound('The recovery flow could not be found.');
    const body = normaliseBody(request.body);
    throwIfExpired(rt, flow);
    if (flow.state === 'passed_challenge')
      return await retryWithNewFlow(
        rt,
        request,
        reply,
        recoveryDescriptor,
        flow,
        texts.recoveryRetrySuccess(),
        isJsonRequest(request),
      );
    // A recovery link (an invitation made by staff) opened in a browser: bind the flow to this
    // browser's anti-CSRF cookie and show the code form.
    if (request.method === 'GET' && body.code === undefined && queryOf(request).code === undefined) {
      flow.csrfToken = ensureCsrfToken(rt, request, reply);
      await rt.flows.update(flow, rt.now());
      return redirect(reply, withQuery(rt.config.ui.recovery, { flow: flow.id }));
    }
    if (await sessionForFlowType(rt, request, flow.type)) throw alreadySignedIn();
    const email = stringField(body, 'email');
    const code =
      stringField(body, 'code') ??
      (typeof queryOf(request).code === 'string' ? String(queryOf(request).code) : undefined);
    if (email !== undefined || !code) {
      const address = emailOfBody(body);
      checkCsrf(rt, request, flow, body);
      // Every code sent counts against the address.
      guard(
        rt,
        request,
        'recovery',
        rt.rateLimits.recovery.perIp,
        rt.rateLimits.recovery.perAddress,
        address.toLowerCase(),
      );
      showCodeForm(flow, address);
      const sendId = await beginCodeSend(rt, flow);
      const flowId = flow.id;
      // Known and unknown addresses answer alike, in the same time: the lookup happens afterwards.
      rt.background(() => sendRecoveryCode(rt, flowId, address, sendId));
      return await respondFlow(rt, request, reply, recoveryDescriptor, flow, 200);
    }
    if (!skipsCsrfCheck(flow)) checkCsrf(rt, request, flow, body);
    const attempt = guard(
      rt,
      request,
      'recovery-code',
      rt.rateLimits.recovery.perIp,
      rt.rateLimits.recovery.perAddress,
      await guessIdentifiers(rt, 'recovery', flow),
    );
    const used = await rt.codes.use('recovery', flow.id, code, rt.now());
    resetMessages(flow.ui);
    if (!used) {
      // An invalid code is a 200 with the message (Kratos section 9.3).
      addMessage(flow.ui, texts.recoveryCodeInvalid());
      await rt.flows.updateUi(flow, rt.now());
      return await respondFlow(rt, request, reply, recoveryDescriptor, flow, 200);
    }
    attempt.succeeded();
    return await recovered(rt, request, reply, flow, used);
  } catch (error) {
    if (flow && isCsrfViolation(error))
      return retryWithNewFlow(rt, request, reply, recoveryDescriptor, flow, undefined, isJsonRequest(request));
    return writeFlowError(rt, request, reply, recoveryDescriptor, flow, error);
  }
}

/**
 * A valid code: the address counts as verified, a privileged session starts (AMR
 * `code_recovery`), and the person is sent to a new settings flow to choose a new password.
 */
async function recovered(
  rt: IdentityRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: Flow,
  used: { identityId: string; address: string },
) {
  const identity = await rt.identities.findById(used.identityId);
  if (!identity || identity.state !== 'active') throw errors.notFound('The identity could not be found.');
  const now = rt.now();
  await rt.identities.setAddressStatus(used.address, 'completed', now);
  const browser = flow.type === 'browser';
  const signedIn = await authenticate(
    rt,
    request,
    browser ? reply : undefined,
    identity,
    'code_recovery',
    'aal1',
    undefined,
  );
  // Whoever held the account before it was recovered is signed out (Kratos's `revoke_active_sessions`).
  await rt.sessions.revokeOthers(identity.id, signedIn.session.id, now, now);
  flow.state = 'passed_challenge';
  await rt.flows.update(flow, now);
  const skipSettings = new URL(flow.requestUrl).searchParams.get('skip_settings') === 'true';
  let to = flow.returnTo ?? rt.config.defaultReturnTo;
  if (!skipSettings) {
    const settings = await createSettingsFlow(
      rt,
      request,
      reply,
      { session: signedIn.session, identity, token: signedIn.token },
      { type: flow.type, requestUrl: flow.requestUrl, returnTo: flow.returnTo ?? undefined },
    );
    addMessage(
      settings.ui,
      texts.recoverySuccessful(new Date(now.getTime() + rt.config.lifespans.privilegedSessionMs), now),
    );
    await rt.flows.update(settings, now);
    to = withQuery(rt.config.ui.settings, { flow: settings.id });
  }
  if (!browser) return reply.send({ ...(await recoveryDescriptor.toJson(rt, flow)), session_token: signedIn.token });
  if (!isJsonRequest(request)) return redirect(reply, to);
  return sendError(reply, errors.locationChange(to));
}

export async function recoveryRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  app.get('/self-service/recovery/browser', (request, reply) => initRecovery(rt, request, reply, 'browser'));
  app.get('/self-service/recovery/api', (request, reply) => initRecovery(rt, request, reply, 'api'));
  registerGetFlow(app, rt, recoveryDescriptor);
  app.post('/self-service/recovery', (request, reply) => submitRecovery(rt, request, reply));
  app.get('/self-service/recovery', (request, reply) => submitRecovery(rt, request, reply));
}
