import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../../runtime.ts';
import { errors } from '../../http/errors.ts';
import { normaliseBody, stringField } from '../../http/body.ts';
import { isBrowserRequest } from '../../http/negotiate.ts';
import { redirect, sendError, withQuery } from '../../http/respond.ts';
import { guard } from '../../rate-limit/guard.ts';
import { ensureCsrfToken } from '../../session/manager.ts';
import { codeNodes, continueNode } from '../../strategy/code/nodes.ts';
import { addMessage, resetMessages } from '../../ui/container.ts';
import { texts } from '../../ui/text.ts';
import { baseFlowJson, type Flow, type FlowType } from '../flow.ts';
import {
  checkCsrf,
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
import { registerGetFlow } from '../get-flow.ts';
import { rejectBrowserArtifacts } from '../api-flows.ts';
import { beginCodeSend, emailOfBody, guessIdentifiers, isCsrfViolation, retryWithNewFlow } from '../code-flow.ts';
import { newVerificationFlow, sendVerificationCode } from './create.ts';

export const verificationDescriptor: FlowDescriptor = {
  kind: 'verification',
  uiUrl: (rt) => rt.config.ui.verification,
  async toJson(_rt, flow) {
    return baseFlowJson(flow);
  },
  async replace(rt, request, reply, old) {
    return newVerificationFlow(rt, {
      type: old.type,
      csrfToken: old.type === 'browser' ? ensureCsrfToken(rt, request, reply) : '',
      requestUrl: old.requestUrl,
      returnTo: old.returnTo ?? undefined,
    });
  },
  expiredText: (expiredAt, now) => texts.verificationExpired(expiredAt, now),
  expiredSubmit: 'see-other',
};

async function initVerification(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply, type: FlowType) {
  try {
    if (type === 'api') rejectBrowserArtifacts(request);
    const returnTo = returnToOf(rt, queryOf(request).return_to);
    const flow = await newVerificationFlow(rt, {
      type,
      csrfToken: type === 'browser' ? ensureCsrfToken(rt, request, reply) : '',
      requestUrl: requestUrlOf(rt, request),
      returnTo,
    });
    return await respondInit(rt, request, reply, verificationDescriptor, flow);
  } catch (error) {
    return initError(rt, request, reply, type, error);
  }
}

/** Verification decides by `IsBrowserRequest`: a JSON body without `Accept: application/json` still redirects. */
async function answer(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply, flow: Flow) {
  if (flow.type === 'browser' && isBrowserRequest(request))
    return redirect(reply, withQuery(rt.config.ui.verification, { flow: flow.id }));
  return reply.code(200).send(await verificationDescriptor.toJson(rt, flow));
}

async function submitVerification(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply) {
  let flow: Flow | undefined;
  try {
    flow = await rt.flows.find('verification', flowIdOf(request));
    if (!flow) throw errors.notFound('The verification flow could not be found.');
    const body = { ...normaliseBody(request.body) };
    const queryCode = queryOf(request).code;
    if (body.code === undefined && typeof queryCode === 'string') body.code = queryCode;
    throwIfExpired(rt, flow);
    if (flow.state === 'passed_challenge') {
      const replacement = await verificationDescriptor.replace(rt, request, reply, flow);
      addMessage(replacement.ui, texts.verificationRetrySuccess());
      await rt.flows.update(replacement, rt.now());
      if (flow.type === 'browser' && isBrowserRequest(request))
        return redirect(reply, withQuery(rt.config.ui.verification, { flow: replacement.id }));
      return sendError(reply, errors.flowReplaced(texts.verificationRetrySuccess().text, replacement.id));
    }
    const code = stringField(body, 'code');
    if (code) {
      // A code proves itself: Kratos skips the anti-CSRF check here (e-mail links).
      const attempt = guard(
        rt,
        request,
        'verification-code',
        rt.rateLimits.verification.perIp,
        rt.rateLimits.verification.perAddress,
        await guessIdentifiers(rt, 'verification', flow),
      );
      const used = await rt.codes.use('verification', flow.id, code, rt.now());
      resetMessages(flow.ui);
      if (!used) {
        // An invalid code is a 200 with the message (Kratos section 9.3).
        addMessage(flow.ui, texts.verificationCodeInvalid());
        await rt.flows.updateUi(flow, rt.now());
        return await answer(rt, request, reply, flow);
      }
      attempt.succeeded();
      await rt.identities.setAddressStatus(used.address, 'completed', rt.now());
      const next = flow.returnTo ?? rt.config.defaultReturnTo;
      flow.state = 'passed_challenge';
      flow.ui = {
        action: next,
        method: 'GET',
        nodes: [continueNode(next)],
        messages: [texts.verificationSuccessful()],
      };
      await rt.flows.update(flow, rt.now());
      return await answer(rt, request, reply, flow);
    }
    const email = emailOfBody(body);
    checkCsrf(rt, request, flow, body);
    // Every code sent counts against the address.
    guard(
      rt,
      request,
      'verification',
      rt.rateLimits.verification.perIp,
      rt.rateLimits.verification.perAddress,
      email.toLowerCase(),
    );
    flow.state = 'sent_email';
    flow.internal.email = email;
    flow.ui.nodes = flow.ui.nodes.filter((node) => node.group !== 'code');
    flow.ui.nodes.push(...codeNodes('verification', email));
    resetMessages(flow.ui);
    addMessage(flow.ui, texts.verificationCodeSent());
    const sendId = await beginCodeSend(rt, flow);
    const flowId = flow.id;
    // Whether the address exists is never told, not even by the time the answer takes.
    rt.background(() => sendVerificationCode(rt, flowId, email, sendId));
    return await answer(rt, request, reply, flow);
  } catch (error) {
    if (flow && isCsrfViolation(error))
      return retryWithNewFlow(rt, request, reply, verificationDescriptor, flow, undefined, !isBrowserRequest(request));
    return writeFlowError(rt, request, reply, verificationDescriptor, flow, error);
  }
}

export async function verificationRoutes(app: FastifyInstance, rt: IdentityRuntime): Promise<void> {
  app.get('/self-service/verification/browser', (request, reply) => initVerification(rt, request, reply, 'browser'));
  app.get('/self-service/verification/api', (request, reply) => initVerification(rt, request, reply, 'api'));
  registerGetFlow(app, rt, verificationDescriptor);
  app.post('/self-service/verification', (request, reply) => submitVerification(rt, request, reply));
  app.get('/self-service/verification', (request, reply) => submitVerification(rt, request, reply));
}
