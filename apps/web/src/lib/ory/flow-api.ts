import {
  FetchError,
  LoginFlowFromJSON,
  RecoveryFlowFromJSON,
  RegistrationFlowFromJSON,
  ResponseError,
  SettingsFlowFromJSON,
  VerificationFlowFromJSON,
  type ContinueWith,
  type FrontendApi,
  type Session,
  type UpdateLoginFlowBody,
  type UpdateRecoveryFlowBody,
  type UpdateRegistrationFlowBody,
  type UpdateSettingsFlowBody,
  type UpdateVerificationFlowBody,
} from '@ory/client-fetch';
import type { AnyFlow, FlowBody, FlowKind, FlowOf, FlowParams } from './flow-kinds.ts';

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

const fromJson: { [K in FlowKind]: (json: unknown) => FlowOf[K] } = {
  login: LoginFlowFromJSON,
  registration: RegistrationFlowFromJSON,
  recovery: RecoveryFlowFromJSON,
  verification: VerificationFlowFromJSON,
  settings: SettingsFlowFromJSON,
};

interface ErrorBody {
  error?: { id?: string; code?: number };
  redirect_browser_to?: string;
  use_flow_id?: string;
}

function isFlowJson(body: unknown): body is { id: string; ui: unknown } {
  return typeof body === 'object' && body !== null && 'ui' in body && 'id' in body;
}

/** Turns a failed SDK call into an outcome; only programming errors stay thrown. */
async function outcomeOfError<K extends FlowKind>(kind: K, error: unknown): Promise<FlowOutcome<K>> {
  // A fetch that never got an answer: offline, refused, or blocked as cross-origin.
  if (error instanceof FetchError) return { type: 'unavailable', reason: 'unreachable' };
  if (!(error instanceof ResponseError)) throw error;
  const { status } = error.response;
  if (status >= 500) return { type: 'unavailable', reason: 'failed' };
  const body: unknown = await error.response.json().catch(() => undefined);
  if (isFlowJson(body)) return { type: 'flow', flow: fromJson[kind](body) };
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
  api: FrontendApi,
  kind: K,
  params: FlowParams = {},
): Promise<FlowOutcome<K>> {
  const { returnTo, aal, refresh } = params;
  try {
    const flow = await {
      login: () => api.createBrowserLoginFlow({ returnTo, aal, refresh }),
      registration: () => api.createBrowserRegistrationFlow({ returnTo }),
      recovery: () => api.createBrowserRecoveryFlow({ returnTo }),
      verification: () => api.createBrowserVerificationFlow({ returnTo }),
      settings: () => api.createBrowserSettingsFlow({ returnTo }),
    }[kind]();
    return { type: 'flow', flow: flow as FlowOf[K] };
  } catch (error) {
    return outcomeOfError(kind, error);
  }
}

export async function getFlow<K extends FlowKind>(api: FrontendApi, kind: K, id: string): Promise<FlowOutcome<K>> {
  try {
    const flow = await {
      login: () => api.getLoginFlow({ id }),
      registration: () => api.getRegistrationFlow({ id }),
      recovery: () => api.getRecoveryFlow({ id }),
      verification: () => api.getVerificationFlow({ id }),
      settings: () => api.getSettingsFlow({ id }),
    }[kind]();
    return { type: 'flow', flow: flow as FlowOf[K] };
  } catch (error) {
    return outcomeOfError(kind, error);
  }
}

/**
 * Submits a flow's form. The SDK keeps only the fields its model declares for the chosen method, so
 * the body is passed as that method's type.
 */
export async function submitFlow<K extends FlowKind>(
  api: FrontendApi,
  kind: K,
  flow: AnyFlow,
  body: FlowBody,
): Promise<FlowOutcome<K>> {
  try {
    switch (kind) {
      case 'login': {
        const result = await api.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: body as unknown as UpdateLoginFlowBody,
        });
        return { type: 'signed-in', session: result.session, continueWith: result.continue_with ?? [] };
      }
      case 'registration': {
        const result = await api.updateRegistrationFlow({
          flow: flow.id,
          updateRegistrationFlowBody: body as unknown as UpdateRegistrationFlowBody,
        });
        return { type: 'signed-in', session: result.session, continueWith: result.continue_with ?? [] };
      }
      case 'recovery':
      case 'verification':
      case 'settings': {
        // These answer with the flow itself, moved on or showing what went wrong.
        const answering: 'recovery' | 'verification' | 'settings' = kind;
        const updated = await {
          recovery: () =>
            api.updateRecoveryFlow({
              flow: flow.id,
              updateRecoveryFlowBody: body as unknown as UpdateRecoveryFlowBody,
            }),
          verification: () =>
            api.updateVerificationFlow({
              flow: flow.id,
              updateVerificationFlowBody: body as unknown as UpdateVerificationFlowBody,
            }),
          settings: () =>
            api.updateSettingsFlow({
              flow: flow.id,
              updateSettingsFlowBody: body as unknown as UpdateSettingsFlowBody,
            }),
        }[answering]();
        return { type: 'flow', flow: updated as FlowOf[K] };
      }
    }
  } catch (error) {
    return outcomeOfError(kind, error);
  }
  throw new Error(`unknown flow kind ${String(kind)}`);
}
