import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FlowKind } from '../db/schema.ts';
import type { IdentityRuntime } from '../runtime.ts';
import { errors, KratosError } from '../http/errors.ts';
import { acceptsJson, isJsonRequest } from '../http/negotiate.ts';
import { csrfViolation, tokensMatch } from '../http/csrf.ts';
import { asKratosError, forwardError, redirect, sendError, withQuery } from '../http/respond.ts';
import { addMessage, addNodeMessage, newContainer, resetMessages, type UiContainer } from '../ui/container.ts';
import { csrfNode } from '../ui/nodes.ts';
import type { UiText } from '../ui/text.ts';
import { csrfTokenOf } from '../session/manager.ts';
import type { AuthenticatorAssuranceLevel } from '../session/session.ts';
import { actionUrl, isExpired, type Flow, type FlowType } from './flow.ts';
import { FlowExpiredError, FlowValidationError } from './validation.ts';

/** What the shared flow machinery needs to know about one kind of flow. */
export interface FlowDescriptor {
  kind: FlowKind;
  uiUrl(rt: IdentityRuntime): string;
  toJson(rt: IdentityRuntime, flow: Flow): Promise<Record<string, unknown>>;
  sort?(ui: UiContainer): void;
  /** A new flow of the same kind for the same request, replacing an expired or finished one. */
  replace(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply, old: Flow): Promise<Flow>;
  expiredText(expiredAt: Date, now: Date): UiText;
  /**
   * Login, registration and settings answer an expired submit with 410 and `use_flow_id`;
   * recovery and verification send JSON clients to the new flow with a 303.
   */
  expiredSubmit: 'gone' | 'see-other';
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && uuidPattern.test(value);

/** The full init URL on the public base, as Kratos records `request_url`. */
export function requestUrlOf(rt: IdentityRuntime, request: FastifyRequest): string {
  return `${new URL(rt.config.publicBaseUrl).origin}${request.url}`;
}

/**
 * `return_to` from the query, when it points at the web app or the service (Kratos's allow-list);
 * a relative path is taken on the web app.
 */
export function returnToOf(rt: IdentityRuntime, raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  let target: URL;
  try {
    target = raw.startsWith('/') && !raw.startsWith('//') ? new URL(raw, rt.config.appUrl) : new URL(raw);
  } catch {
    throw errors.returnToForbidden(raw);
  }
  if (!['http:', 'https:'].includes(target.protocol) || !rt.config.allowedReturnOrigins.includes(target.origin))
    throw errors.returnToForbidden(raw);
  return target.toString();
}

export function queryOf(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}

export interface NewFlowInput {
  kind: FlowKind;
  type: FlowType;
  requestUrl: string;
  returnTo?: string;
  csrfToken: string;
  state: string;
  identityId?: string;
  active?: string;
  refresh?: boolean;
  requestedAal?: AuthenticatorAssuranceLevel;
  internal?: Record<string, unknown>;
  /** Adds the method nodes to the new flow's form; `internal` is kept server-side with the flow. */
  build(ui: UiContainer, flowId: string, internal: Record<string, unknown>): Promise<void> | void;
}

export async function createFlow(rt: IdentityRuntime, input: NewFlowInput): Promise<Flow> {
  const id = randomUUID();
  const now = rt.now();
  const ui = newContainer(actionUrl(rt.config.publicBaseUrl, input.kind, id));
  if (input.type === 'browser') ui.nodes.push(csrfNode());
  const internal = input.internal ?? {};
  await input.build(ui, id, internal);
  return rt.flows.create({
    id,
    kind: input.kind,
    type: input.type,
    state: input.state,
    identityId: input.identityId ?? null,
    csrfToken: input.type === 'browser' ? input.csrfToken : '',
    requestUrl: input.requestUrl,
    returnTo: input.returnTo ?? null,
    active: input.active ?? null,
    refresh: input.refresh ?? false,
    requestedAal: input.requestedAal ?? 'aal1',
    ui,
    internal,
    transientPayload: null,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + rt.config.lifespans.flowMs),
  });
}

/** Init endpoints: the flow as JSON for SPAs and API clients, otherwise a 303 to the UI. */
export async function respondInit(
  rt: IdentityRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  descriptor: FlowDescriptor,
  flow: Flow,
): Promise<FastifyReply> {
  if (flow.type === 'api' || acceptsJson(request)) return reply.code(200).send(await descriptor.toJson(rt, flow));
  return redirect(reply, withQuery(descriptor.uiUrl(rt), { flow: flow.id }));
}

/** Init errors: JSON for SPAs and API clients, the error UI for browsers. */
export async function initError(
  rt: IdentityRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  type: FlowType,
  error: unknown,
): Promise<FastifyReply> {
  if (type === 'api' || acceptsJson(request)) return sendError(reply, asKratosError(rt, error));
  return forwardError(rt, request, reply, error);
}

/** The `flow` query parameter of a submit. */
export function flowIdOf(request: FastifyRequest, parameter = 'flow'): string {
  const id = queryOf(request)[parameter];
  if (!isUuid(id)) throw errors.missingFlowParameter();
  return id;
}

/**
 * Browser flows compare the submitted (masked) token with the cookie's, in constant time, as
 * Kratos's `EnsureCSRF` does; a flow rendered before the cookie rotated therefore fails.
 */
export function checkCsrf(rt: IdentityRuntime, request: FastifyRequest, flow: Flow, body: Record<string, unknown>) {
  if (flow.type !== 'browser') return;
  const sent = typeof body.csrf_token === 'string' ? body.csrf_token : undefined;
  if (!tokensMatch(sent, csrfTokenOf(rt, request))) throw csrfViolation(request, rt.cookieNames.csrf, sent);
}

export function throwIfExpired(rt: IdentityRuntime, flow: Flow): void {
  if (isExpired(flow, rt.now())) throw new FlowExpiredError(flow.expiresAt);
}

/** A flow as a submit answers it: JSON (400 unless told otherwise) or a 303 to the UI. */
export async function respondFlow(
  rt: IdentityRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  descriptor: FlowDescriptor,
  flow: Flow,
  status: number,
): Promise<FastifyReply> {
  if (flow.type === 'browser' && !isJsonRequest(request))
    return redirect(reply, withQuery(descriptor.uiUrl(rt), { flow: flow.id }));
  return reply.code(status).send(await descriptor.toJson(rt, flow));
}

/**
 * Kratos's flow error handler: an expired flow is replaced; validation errors and generic 400s
 * are written into the form (400 with the flow); anything else goes to the error manager.
 */
export async function writeFlowError(
  rt: IdentityRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  descriptor: FlowDescriptor,
  flow: Flow | undefined,
  error: unknown,
): Promise<FastifyReply> {
  if (!flow) return forwardError(rt, request, reply, error);
  if (error instanceof FlowExpiredError) {
    let replacement: Flow;
    try {
      replacement = await descriptor.replace(rt, request, reply, flow);
    } catch (inner) {
      return writeFlowError(rt, request, reply, descriptor, flow.type === 'api' ? flow : undefined, inner);
    }
    addMessage(replacement.ui, descriptor.expiredText(error.expiredAt, rt.now()));
    await rt.flows.update(replacement, rt.now());
    const browser = replacement.type === 'browser' && !isJsonRequest(request);
    if (browser) return redirect(reply, withQuery(descriptor.uiUrl(rt), { flow: replacement.id }));
    if (descriptor.expiredSubmit === 'see-other')
      return redirect(reply, `${rt.config.publicBaseUrl}/self-service/${descriptor.kind}/flows?id=${replacement.id}`);
    return sendError(reply, errors.flowExpired(error.expiredAt, rt.now(), replacement.id));
  }
  if (error instanceof FlowValidationError) {
    resetMessages(flow.ui);
    for (const { field, message } of error.messages) addNodeMessage(flow.ui, field, message);
  } else if (error instanceof KratosError && error.code === 400 && error.id !== 'security_csrf_violation') {
    resetMessages(flow.ui);
    addMessage(flow.ui, {
      id: 4000001,
      text: error.body.reason ?? error.message,
      type: 'error',
      context: { reason: error.body.reason ?? error.message },
    });
  } else {
    if (flow.type === 'api') return sendError(reply, asKratosError(rt, error));
    // Re-authentication and second-factor demands send a browser straight to where they point.
    const to = error instanceof KratosError ? error.extra.redirect_browser_to : undefined;
    if (typeof to === 'string' && !isJsonRequest(request)) return redirect(reply, to);
    return forwardError(rt, request, reply, error);
  }
  descriptor.sort?.(flow.ui);
  await rt.flows.update(flow, rt.now());
  return respondFlow(rt, request, reply, descriptor, flow, 400);
}

export { KratosError };
