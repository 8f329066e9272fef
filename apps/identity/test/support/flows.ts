import { ResponseError, type FrontendApi, type UiNode } from '@ory/client-fetch';
import { TOTP } from 'otpauth';

export const strongPassword = 'Stratum-2140-mine';

interface FlowLike {
  ui: { nodes: UiNode[] };
}

export function nodeNamed(flow: FlowLike, name: string): UiNode | undefined {
  return flow.ui.nodes.find((node) => {
    const attributes = node.attributes as { name?: string; id?: string };
    return attributes.name === name || attributes.id === name;
  });
}

export function attributesOf(flow: FlowLike, name: string): Record<string, unknown> {
  const node = nodeNamed(flow, name);
  if (!node) throw new Error(`no node ${name}`);
  return node.attributes as unknown as Record<string, unknown>;
}

export const csrfOf = (flow: FlowLike) => String(attributesOf(flow, 'csrf_token').value);

/** What the SDK threw: status and parsed body (the SDK leaves reading the body to the caller). */
export async function failure(call: Promise<unknown>): Promise<{ status: number; body: any; headers: Headers }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ResponseError) {
      const text = await error.response.text();
      return { status: error.response.status, body: text ? JSON.parse(text) : null, headers: error.response.headers };
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
