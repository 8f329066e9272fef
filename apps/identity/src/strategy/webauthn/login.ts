import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { FlowValidationError, requireString } from '../../flow/validation.ts';
import { checkCsrf } from '../../flow/pipeline.ts';
import { emailOf } from '../../identity/identity.ts';
import { guard } from '../../rate-limit/guard.ts';
import { upsertNode } from '../../ui/container.ts';
import { inputNode } from '../../ui/nodes.ts';
import { texts } from '../../ui/text.ts';
import type { LoginStrategy } from '../strategy.ts';
import { configOf } from './config.ts';
import { toWebAuthnCredential, triggerValue, webauthnScriptNode } from './credentials.ts';

const challengeKey = 'webauthn_login_challenge';

export const webauthnLogin: LoginStrategy = {
  method: 'webauthn',
  aal: 'aal2',
  browserOnly: true,

  async populate(rt, ui, audience, internal) {
    if (audience.kind !== 'second-factor') return;
    const credential = audience.credentials.get('webauthn');
    const config = credential && configOf(credential);
    if (!config?.credentials.length) return;
    const options = await generateAuthenticationOptions({
      rpID: rt.config.webauthn.rpId,
      allowCredentials: config.credentials.map((key) => ({ id: key.id, transports: key.transports as never })),
      userVerification: 'discouraged',
    });
    internal[challengeKey] = options.challenge;
    upsertNode(ui, inputNode('default', 'identifier', 'hidden', { value: emailOf(audience.identity), required: true }));
    upsertNode(ui, inputNode('webauthn', 'webauthn_login', 'hidden', { value: '' }));
    upsertNode(ui, webauthnScriptNode(rt));
    upsertNode(
      ui,
      inputNode('webauthn', 'webauthn_login_trigger', 'button', {
        value: triggerValue(options),
        onclickTrigger: 'oryWebAuthnLogin',
        label: texts.loginWebAuthn(),
      }),
    );
  },

  handles: (body) =>
    body.method === 'webauthn' || (typeof body.webauthn_login === 'string' && body.webauthn_login !== ''),

  async login({ rt, request, flow, body, session }) {
    const assertion = requireString(body, 'webauthn_login');
    if (typeof assertion !== 'string') throw new FlowValidationError([assertion]);
    checkCsrf(rt, request, flow, body);
    if (!session) throw FlowValidationError.form(texts.noWebAuthn());
    const { identity } = session;
    const attempt = guard(
      rt,
      request,
      'second-factor',
      rt.rateLimits.secondFactor.perIp,
      rt.rateLimits.secondFactor.perIdentity,
      identity.id,
    );
    const credential = (await rt.identities.credentials(identity.id)).get('webauthn');
    const config = credential && configOf(credential);
    if (!credential || !config?.credentials.length) throw FlowValidationError.form(texts.noWebAuthn());
    const challenge = flow.internal[challengeKey];
    const refuse = () => FlowValidationError.form(texts.webAuthnWrong());
    let response: AuthenticationResponseJSON;
    try {
      response = JSON.parse(assertion) as AuthenticationResponseJSON;
    } catch {
      throw refuse();
    }
    const key = config.credentials.find((stored) => stored.id === response?.id || stored.id === response?.rawId);
    if (typeof challenge !== 'string' || !key) throw refuse();
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response: { ...response, clientExtensionResults: response.clientExtensionResults ?? {} },
        expectedChallenge: challenge,
        expectedOrigin: [...rt.config.webauthn.origins],
        expectedRPID: rt.config.webauthn.rpId,
        credential: toWebAuthnCredential(key),
        requireUserVerification: false,
      });
    } catch {
      throw refuse();
    }
    if (!verified.verified) throw refuse();
    // A challenge answers one assertion: the same response cannot sign in twice.
    delete flow.internal[challengeKey];
    const credentials = config.credentials.map((stored) =>
      stored.id === key.id ? { ...stored, counter: verified.authenticationInfo.newCounter } : stored,
    );
    if (!(await rt.identities.updateCredentialConfig(credential, { ...config, credentials }, rt.now())))
      throw FlowValidationError.form(texts.webAuthnWrong());
    attempt.succeeded();
    return identity;
  },
};
