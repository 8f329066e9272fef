import { TOTP } from 'otpauth';
import { TestBrowser } from './browser.ts';

/** The parts of an identity flow these helpers read. */
interface FlowJson {
  id: string;
  state?: string;
  ui: { nodes: { attributes: { name?: string; id?: string; value?: unknown; text?: { context?: unknown } } }[] };
}

export const csrfOf = (flow: FlowJson): unknown =>
  flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;

/** `POST invites/{token}/activation`, as the invitation page sends it once the terms are agreed. */
export function activate(browser: TestBrowser, token: string) {
  return browser.json<{ recovery_flow_id: string; recovery_code: string; error?: { code: string } }>(
    `/api/backend/v0.1/invites/${token}/activation`,
    { method: 'POST', body: JSON.stringify({ terms_agreed: true }) },
  );
}

/** Submits a recovery code on its flow; the identity service answers 422 towards settings on success. */
export async function recover(browser: TestBrowser, flowId: string, code: string): Promise<number> {
  const flow = await browser.json<FlowJson>(`/identity/self-service/recovery/flows?id=${flowId}`);
  if (flow.status !== 200) return flow.status;
  const submitted = await browser.json(`/identity/self-service/recovery?flow=${flowId}`, {
    method: 'POST',
    body: JSON.stringify({ method: 'code', code, csrf_token: csrfOf(flow.body) }),
  });
  return submitted.status;
}

async function submitSettings(browser: TestBrowser, fields: (flow: FlowJson) => Record<string, unknown>) {
  const flow = await browser.json<FlowJson>('/identity/self-service/settings/browser');
  if (flow.status !== 200) throw new Error(`creating a settings flow answered ${flow.status}`);
  return browser.json<FlowJson>(`/identity/self-service/settings?flow=${flow.body.id}`, {
    method: 'POST',
    body: JSON.stringify({ ...fields(flow.body), csrf_token: csrfOf(flow.body) }),
  });
}

/** Sets a password in a settings flow of the browser's (privileged) session. */
export async function setPassword(browser: TestBrowser, password: string): Promise<void> {
  const saved = await submitSettings(browser, () => ({ method: 'password', password }));
  if (saved.status !== 200 || saved.body.state !== 'success') throw new Error(`setting a password: ${saved.status}`);
}

/**
 * Turns TOTP on in a settings flow; returns its secret. The code is the previous time step's, which
 * the identity service accepts for clock drift: the service refuses a step used before, so this
 * leaves the current and the next step for two sign-ins right away (TestBrowser.signIn). A step
 * boundary passed in between refuses the code; the second try then takes the new previous step.
 */
export async function enableTotp(browser: TestBrowser): Promise<string> {
  let status = 0;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let secret = '';
    const saved = await submitSettings(browser, (flow) => {
      const node = flow.ui.nodes.find((candidate) => candidate.attributes.id === 'totp_secret_key');
      secret = String((node?.attributes.text?.context as { secret?: string } | undefined)?.secret ?? '');
      const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
      return { method: 'totp', totp_code: totp.generate({ timestamp: Date.now() - 30_000 }) };
    });
    if (saved.status === 200) return secret;
    status = saved.status;
  }
  throw new Error(`turning TOTP on answered ${status}`);
}

/**
 * What an invitee who had no identity does on /invitation: agree to the terms (activation), sign in
 * with the recovery code, set a password and, when asked, TOTP. Answers a browser signed in with the
 * second factor when there is one (critical changes need it), without accepting the invitation.
 */
export async function onboardInvitee(
  origin: string,
  token: string,
  email: string,
  password: string,
  { totp = false }: { totp?: boolean } = {},
): Promise<{ browser: TestBrowser; totpSecret: string | undefined }> {
  const browser = new TestBrowser(origin);
  const activation = await activate(browser, token);
  if (activation.status !== 201) throw new Error(`activation answered ${activation.status}`);
  const recovered = await recover(browser, activation.body.recovery_flow_id, activation.body.recovery_code);
  if (recovered !== 422) throw new Error(`recovery answered ${recovered}`);
  await setPassword(browser, password);
  if (!totp) return { browser, totpSecret: undefined };
  const totpSecret = await enableTotp(browser);
  const signedIn = new TestBrowser(origin);
  await signedIn.signIn(email, password, totpSecret);
  return { browser: signedIn, totpSecret };
}
