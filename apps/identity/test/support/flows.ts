import { ResponseError, type FrontendApi, type UiNode } from '@ory/client-fetch';
import { TOTP } from 'otpauth';

export const strongPassword = 'Stratum-2140-mine';

interface FlowLike<Node extends { attributes: object }> {
  ui: { nodes: Node[] };
}

export function nodeNamed<Node extends { attributes: object }>(flow: FlowLike<Node>, name: string): Node | undefined {
  return flow.ui.nodes.find((node) => {
    const attributes = node.attributes as { name?: string; id?: string };
    return attributes.name === name || attributes.id === name;
  });
}

export function attributesOf<Node extends { attributes: object }>(
  flow: FlowLike<Node>,
  name: string,
): Record<string, unknown> {
  const node = nodeNamed(flow, name);
  if (!node) throw new Error(`no node ${name}`);
  const attributes: object = node.attributes;
  return attributes as Record<string, unknown>;
}

export const csrfOf = (flow: FlowLike<UiNode>) => String(attributesOf(flow, 'csrf_token').value);

export interface WireText {
  id: number;
  text: string;
  type: string;
  context?: Record<string, unknown>;
}

export interface WireNode {
  type: string;
  group: string;
  attributes: Record<string, unknown> & { name?: string; id?: string; value?: unknown };
  messages: WireText[];
  meta: { label?: WireText };
}

/**
 * A non-2xx body as it came over the wire: an error (with its enhanced siblings) or a flow. The
 * test reading a field that is not there fails, which is what it should do.
 */
export interface FailureBody {
  id: string;
  state: string;
  error: {
    id?: string;
    code: number;
    status: string;
    reason?: string;
    message: string;
    details: Record<string, unknown> & { redirect_to?: string };
  };
  redirect_browser_to: string;
  use_flow_id: string;
  since: number;
  ui: { action: string; messages: WireText[]; nodes: WireNode[] };
}

/** What the SDK threw: status and parsed body (the SDK leaves reading the body to the caller). */
export async function failure(
  call: Promise<unknown>,
): Promise<{ status: number; body: FailureBody; headers: Headers }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ResponseError) {
      const text = await error.response.text();
      return {
        status: error.response.status,
        body: (text ? JSON.parse(text) : {}) as FailureBody,
        headers: error.response.headers,
      };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

export const messageIds = (flowBody: { ui: { messages?: { id: number }[] } }) =>
  (flowBody.ui.messages ?? []).map((message) => message.id);

export function nodeMessageIds(
  flowBody: { ui: { nodes: { attributes: { name?: string }; messages: { id: number }[] }[] } },
  name: string,
) {
  return flowBody.ui.nodes.find((node) => node.attributes.name === name)?.messages.map((message) => message.id) ?? [];
}

export async function register(api: FrontendApi, email: string, password = strongPassword) {
  const flow = await api.createBrowserRegistrationFlow();
  return api.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: {
      method: 'password',
      csrf_token: csrfOf(flow),
      password,
      traits: { email, terms_agreed: true },
    },
  });
}

export async function signIn(api: FrontendApi, email: string, password = strongPassword) {
  const flow = await api.createBrowserLoginFlow();
  return api.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: { method: 'password', identifier: email, password, csrf_token: csrfOf(flow) },
  });
}

export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

/** Sets up TOTP from a settings flow's secret; returns the secret. */
export async function enrolTotp(api: FrontendApi): Promise<string> {
  const flow = await api.createBrowserSettingsFlow();
  const secret = String((attributesOf(flow, 'totp_secret_key').text as { context: { secret: string } }).context.secret);
  await api.updateSettingsFlow({
    flow: flow.id,
    updateSettingsFlowBody: { method: 'totp', totp_code: totpCode(secret), csrf_token: csrfOf(flow) },
  });
  return secret;
}

/** A TOTP code that none of the steps around `at` accepts. */
export function wrongTotpCode(secret: string, at = Date.now()): string {
  const valid = new Set([-2, -1, 0, 1, 2].map((step) => totpCode(secret, at + step * 30_000)));
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
