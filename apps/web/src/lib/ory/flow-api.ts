import { IdentityResponseError, IdentityUnreachableError, type IdentityApi } from './identity-http.ts';
import type { ContinueWith, Session } from './types.ts';
import type { AnyFlow, FlowBody, FlowKind, FlowOf, FlowParams, SubmitAnswerOf } from './flow-kinds.ts';

/** Everything a flow call can end in, so that screens handle outcomes, not status codes. */
export type FlowOutcome<K extends FlowKind> =
  /** The flow to show: fresh, re-rendered after a validation error (400), or moved on (200). */
  | { type: 'flow'; flow: FlowOf[K] }
  /** Login or registration succeeded; the session cookie is set. */
  | { type: 'signed-in'; session: Session | undefined; continueWith: ContinueWith[] }
  /** The service asks the browser to go elsewhere (second factor, re-authentication, settings). */
  | { type: 'location'; to: string; errorId: string | undefined }
  /** The flow expired or was replaced; carry on with this one. */
  | { type: 'replaced'; flowId: string }
  /** The flow cannot continue (unknown, foreign, CSRF mismatch); start a new one. */
  | { type: 'restart'; errorId: string | undefined }
  /** A session already exists where the flow wants none (login, registration, recovery). */
  | { type: 'already-signed-in' }
  /** A session is needed first (settings, second factor without a first). */
  | { type: 'signed-out' }
  /** The service could not be reached, failed (5xx) or refused for now (429): say so, offer a retry. */
  | { type: 'unavailable'; reason: UnavailableReason };

export type UnavailableReason = 'unreachable' | 'failed' | 'rate-limited';

interface ErrorBody {
  error?: { id?: string; code?: number };
  redirect_browser_to?: string;
  use_flow_id?: string;
}

function isFlowJson(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'ui' in body && 'id' in body;
}

/** Turns a failed call into an outcome; only programming errors stay thrown. */
async function outcomeOfError<K extends FlowKind>(error: unknown): Promise<FlowOutcome<K>> {
  if (error instanceof IdentityUnreachableError) return { type: 'unavailable', reason: 'unreachable' };
  if (!(error instanceof IdentityResponseError)) throw error;
  const { status } = error.response;
  if (status >= 500) return { type: 'unavailable', reason: 'failed' };
  const body: unknown = await error.response.json().catch(() => undefined);
  if (isFlowJson(body)) return { type: 'flow', flow: body as FlowOf[K] };
  const { error: failure, redirect_browser_to, use_flow_id } = (body ?? {}) as ErrorBody;
  const errorId = failure?.id;
  if (use_flow_id) return { type: 'replaced', flowId: use_flow_id };
  if (redirect_browser_to && (status === 422 || status === 403)) {
    return { type: 'location', to: redirect_browser_to, errorId };
  }
  if (errorId === 'session_already_available') return { type: 'already-signed-in' };
  if (status === 401) return { type: 'signed-out' };
  if (status === 403 || status === 404 || status === 410) return { type: 'restart', errorId };
  if (status === 429) return { type: 'unavailable', reason: 'rate-limited' };
  // An answer the app cannot read (a proxy's error page, say) is as good as none.
  return { type: 'unavailable', reason: 'failed' };
}

export async function createFlow<K extends FlowKind>(
  api: IdentityApi,
  kind: K,
  params: FlowParams = {},
): Promise<FlowOutcome<K>> {
  try {
    return { type: 'flow', flow: await api.createBrowserFlow(kind, params) };
  } catch (error) {
    return outcomeOfError(error);
  }
}

export async function getFlow<K extends FlowKind>(api: IdentityApi, kind: K, id: string): Promise<FlowOutcome<K>> {
  try {
    return { type: 'flow', flow: await api.getFlow(kind, id) };
  } catch (error) {
    return outcomeOfError(error);
  }
}

/** Submits a flow's form: login and registration answer with the session, the others with the flow moved on. */
export async function submitFlow<K extends FlowKind>(
  api: IdentityApi,
  kind: K,
  flow: AnyFlow,
  body: FlowBody,
): Promise<FlowOutcome<K>> {
  try {
    const answer: SubmitAnswerOf[FlowKind] = await api.updateFlow(kind, flow.id, body);
    if ('ui' in answer) return { type: 'flow', flow: answer as FlowOf[K] };
    return { type: 'signed-in', session: answer.session, continueWith: answer.continue_with ?? [] };
  } catch (error) {
    return outcomeOfError(error);
  }
}
