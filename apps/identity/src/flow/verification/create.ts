import type { IdentityRuntime } from '../../runtime.ts';
import type { Identity } from '../../identity/identity.ts';
import { verificationCodeEmail } from '../../courier/templates.ts';
import { newCode } from '../../strategy/code/repository.ts';
import { codeNodes, emailNodes } from '../../strategy/code/nodes.ts';
import { addMessage } from '../../ui/container.ts';
import { texts } from '../../ui/text.ts';
import { withQuery } from '../../http/respond.ts';
import { identifierKey } from '../../rate-limit/guard.ts';
import { createFlow } from '../pipeline.ts';
import { beginCodeSend, isLatestSend } from '../code-flow.ts';
import type { Flow, FlowType } from '../flow.ts';

/** Creates a code for the address with the flow and mails it; a verified address gets nothing. */
export async function sendVerificationCode(
  rt: IdentityRuntime,
  flowId: string,
  email: string,
  sendId: string,
): Promise<void> {
  const address = await rt.identities.findVerifiableAddress(email);
  if (!address || address.verified) return;
  const code = newCode();
  const now = rt.now();
  const codeId = await rt.codes.create({
    kind: 'verification',
    flowId,
    identityId: address.identityId,
    address: address.value,
    code,
    expiresAt: new Date(now.getTime() + rt.config.lifespans.codeMs),
    at: now,
  });
  if (!(await isLatestSend(rt, 'verification', flowId, sendId, codeId))) return;
  await rt.courier.send(verificationCodeEmail(address.value, code));
  await rt.identities.setAddressStatus(address.value, 'sent', now);
}

export function newVerificationFlow(
  rt: IdentityRuntime,
  options: { type: FlowType; csrfToken: string; requestUrl: string; returnTo?: string },
): Promise<Flow> {
  return createFlow(rt, {
    kind: 'verification',
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

/**
 * The `show_verification_ui` step after registration: a verification flow already in
 * `sent_email`, its code mailed to the new address.
 */
export async function startVerification(
  rt: IdentityRuntime,
  identity: Identity,
  options: { type: FlowType; csrfToken: string; requestUrl: string; returnTo?: string },
): Promise<{ id: string; verifiable_address: string; url: string } | undefined> {
  const address = identity.verifiableAddresses[0];
  if (!address || address.verified) return undefined;
  // The mail counts as a verification send to the address; past that limit the address stays
  // unverified until its owner asks for a code.
  const send = rt.limiter.hit(
    identifierKey('verification', address.value.toLowerCase()),
    rt.rateLimits.verification.perAddress,
  );
  if (!send.allowed) return undefined;
  const flow = await newVerificationFlow(rt, options);
  flow.state = 'sent_email';
  flow.internal.email = address.value;
  flow.ui.nodes = flow.ui.nodes.filter((node) => node.group !== 'code');
  flow.ui.nodes.push(...codeNodes('verification', address.value));
  addMessage(flow.ui, texts.verificationCodeSent());
  await sendVerificationCode(rt, flow.id, address.value, await beginCodeSend(rt, flow));
  return {
    id: flow.id,
    verifiable_address: address.value,
    url: withQuery(rt.config.ui.verification, { flow: flow.id }),
  };
}
