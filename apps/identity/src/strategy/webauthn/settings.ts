import { randomBytes } from 'node:crypto';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { FlowValidationError } from '../../flow/validation.ts';
import { checkCsrf } from '../../flow/pipeline.ts';
import { emailOf } from '../../identity/identity.ts';
import { stringField } from '../../http/body.ts';
import { upsertNode } from '../../ui/container.ts';
import { inputNode } from '../../ui/nodes.ts';
import { texts } from '../../ui/text.ts';
import type { SettingsStrategy } from '../strategy.ts';
import { configOf, type StoredWebAuthnKey, type WebAuthnConfig } from './config.ts';
import { hexId, triggerValue, webauthnScriptNode } from './credentials.ts';

const challengeKey = 'webauthn_registration_challenge';
const handleKey = 'webauthn_user_handle';

const invalid = (reason: string) =>
  FlowValidationError.form(texts.generic(`Unable to parse WebAuthn response: ${reason}`));

/** Security keys as a second factor (not passwordless): add with a name, remove by id. */
export const webauthnSettings: SettingsStrategy = {
  method: 'webauthn',

  async populate(rt, ui, { identity, credentials, internal, flowType }) {
    if (flowType !== 'browser') return;
    const credential = credentials.get('webauthn');
    const config = credential && configOf(credential);
    const keys = config?.credentials ?? [];
    for (const key of keys)
      // One button per key: several nodes share the name `webauthn_remove`.
      ui.nodes.push(
        inputNode('webauthn', 'webauthn_remove', 'submit', {
          value: hexId(key.id),
          label: texts.settingsWebAuthnRemove(key.display_name, new Date(key.added_at)),
        }),
      );
    const userHandle =
      config?.user_handle ?? (internal[handleKey] as string | undefined) ?? isoBase64URL.fromBuffer(randomBytes(32));
    internal[handleKey] = userHandle;
    const options = await generateRegistrationOptions({
      rpName: rt.config.webauthn.rpName,
      rpID: rt.config.webauthn.rpId,
      userName: emailOf(identity) || identity.id,
      userID: isoBase64URL.toBuffer(userHandle),
      attestationType: 'none',
      excludeCredentials: keys.map((key) => ({ id: key.id, transports: key.transports })),
      authenticatorSelection: { userVerification: 'discouraged', residentKey: 'discouraged' },
    });
    internal[challengeKey] = options.challenge;
    upsertNode(
      ui,
      inputNode('webauthn', 'webauthn_register_displayname', 'text', {
        value: '',
        label: texts.settingsWebAuthnName(),
      }),
    );
    upsertNode(ui, inputNode('webauthn', 'webauthn_register', 'hidden', { value: '' }));
    upsertNode(
      ui,
      inputNode('webauthn', 'webauthn_register_trigger', 'button', {
        value: triggerValue(options),
        onclickTrigger: 'oryWebAuthnRegistration',
        label: texts.settingsWebAuthnAdd(),
      }),
    );
    upsertNode(ui, webauthnScriptNode(rt));
  },

  handles: (body) =>
    body.method === 'webauthn' ||
    (body.method === undefined &&
      (Boolean(stringField(body, 'webauthn_register')) || Boolean(stringField(body, 'webauthn_remove')))),

  needsPrivilegedSession: () => true,

  async update({ rt, request, flow, body, identity, credentials }) {
    checkCsrf(rt, request, flow, body);
    if (flow.type !== 'browser') throw FlowValidationError.form(texts.settingsNoStrategy());
    const storedCredential = credentials.get('webauthn');
    const stored = storedCredential && configOf(storedCredential);
    const remove = stringField(body, 'webauthn_remove');
    if (remove) {
      const remaining = (stored?.credentials ?? []).filter((key) => hexId(key.id) !== remove.toLowerCase());
      if (!stored || remaining.length === stored.credentials.length)
        throw FlowValidationError.form(
          texts.generic('You tried to remove a WebAuthn credential which does not exist.'),
        );
      if (remaining.length)
        await rt.identities.putCredential(identity.id, 'webauthn', { ...stored, credentials: remaining }, rt.now());
      else await rt.identities.deleteCredential(identity.id, 'webauthn');
      return { kind: 'saved' };
    }
    const raw = stringField(body, 'webauthn_register');
    if (!raw) throw FlowValidationError.form(texts.settingsNoStrategy());
    const challenge = flow.internal[challengeKey];
    const userHandle = flow.internal[handleKey];
    if (typeof challenge !== 'string' || typeof userHandle !== 'string') throw invalid('no registration is under way');
    let response: RegistrationResponseJSON;
    try {
      response = JSON.parse(raw) as RegistrationResponseJSON;
    } catch {
      throw invalid('the response is not JSON');
    }
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: { ...response, clientExtensionResults: response.clientExtensionResults ?? {} },
        expectedChallenge: challenge,
        expectedOrigin: [...rt.config.webauthn.origins],
        expectedRPID: rt.config.webauthn.rpId,
        requireUserVerification: false,
      });
    } catch (error) {
      throw invalid(error instanceof Error ? error.message : 'it could not be verified');
    }
    if (!verification.verified) throw invalid('it could not be verified');
    const { credential, aaguid, fmt } = verification.registrationInfo;
    const key: StoredWebAuthnKey = {
      id: credential.id,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      display_name: (stringField(body, 'webauthn_register_displayname') ?? '').slice(0, 64),
      added_at: rt.now().toISOString(),
      aaguid,
      attestation_type: fmt,
    };
    const config: WebAuthnConfig = {
      user_handle: stored?.user_handle ?? userHandle,
      credentials: [...(stored?.credentials ?? []).filter((existing) => existing.id !== key.id), key],
    };
    await rt.identities.putCredential(identity.id, 'webauthn', { ...config }, rt.now());
    delete flow.internal[challengeKey];
    return { kind: 'saved', secondFactor: 'webauthn' };
  },
};
