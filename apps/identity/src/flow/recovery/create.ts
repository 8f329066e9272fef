import type { IdentityRuntime } from '../../runtime.ts';
import { recoveryCodeEmail } from '../../courier/templates.ts';
import { newCode } from '../../strategy/code/repository.ts';
import { codeNodes, emailNodes } from '../../strategy/code/nodes.ts';
import { addMessage } from '../../ui/container.ts';
import { texts } from '../../ui/text.ts';
import { createFlow } from '../pipeline.ts';
import { isLatestSend } from '../code-flow.ts';
import type { Flow, FlowType } from '../flow.ts';

export function newRecoveryFlow(
  rt: IdentityRuntime,
  options: { type: FlowType; csrfToken: string; requestUrl: string; returnTo?: string },
): Promise<Flow> {
  return createFlow(rt, {
    kind: 'recovery',
    type: options.type,
    requestUrl: options.requestUrl,
    returnTo: options.returnTo,
    csrfToken: options.csrfToken,
    state: 'choose_method',
    active: 'code',
    build(ui) {
      ui.nodes.push(...emailNodes());
    },
  });
}

/** Moves the flow to `sent_email`: the code input, the resend button and message 1060003. */
export function showCodeForm(flow: Flow, email: string): void {
  flow.state = 'sent_email';
  flow.internal.email = email;
  flow.ui.nodes = flow.ui.nodes.filter((node) => node.group !== 'code');
  flow.ui.nodes.push(...codeNodes('recovery', email));
  delete flow.ui.messages;
  for (const node of flow.ui.nodes) node.messages = [];
  addMessage(flow.ui, texts.recoveryCodeSent());
}

/** A code for the address, if it is a recovery address; unknown addresses get nothing. */
export async function sendRecoveryCode(
  rt: IdentityRuntime,
  flowId: string,
  email: string,
  sendId: string,
): Promise<void> {
  const address = await rt.identities.findRecoveryAddress(email);
  if (!address) return;
  const code = newCode();
  const now = rt.now();
  const codeId = await rt.codes.create({
    kind: 'recovery',
    flowId,
    identityId: address.identityId,
    address: address.value,
    code,
    expiresAt: new Date(now.getTime() + rt.config.lifespans.codeMs),
    at: now,
  });
  if (!(await isLatestSend(rt, 'recovery', flowId, sendId, codeId))) return;
  await rt.courier.send(recoveryCodeEmail(address.value, code));
}
