import { FlowValidationError, requireString } from '../../flow/validation.ts';
import { checkCsrf } from '../../flow/pipeline.ts';
import { emailOf } from '../../identity/identity.ts';
import { flagField } from '../../http/body.ts';
import { guard } from '../../rate-limit/guard.ts';
import { upsertNode } from '../../ui/container.ts';
import { imageNode, inputNode, submitNode, textNode } from '../../ui/nodes.ts';
import { texts } from '../../ui/text.ts';
import type { SettingsStrategy } from '../strategy.ts';
import { matchingStep, newTotpSecret, qrDataUri, totpOf } from './totp.ts';

/**
 * TOTP in settings: the enrolment secret is made when the flow is rendered and kept with that
 * flow (a new flow, a new secret); the code proves the app has it.
 */
export const totpSettings: SettingsStrategy = {
  method: 'totp',

  async populate(rt, ui, { identity, credentials, internal }) {
    if (credentials.has('totp')) {
      upsertNode(
        ui,
        inputNode('totp', 'totp_unlink', 'submit', {
          value: 'true',
          required: true,
          label: texts.settingsTotpUnlink(),
        }),
      );
      delete internal.totp_secret;
      return;
    }
    const secret = typeof internal.totp_secret === 'string' ? internal.totp_secret : newTotpSecret();
    internal.totp_secret = secret;
    const url = totpOf(secret, rt.config.totpIssuer, emailOf(identity) || identity.id).toString();
    upsertNode(ui, imageNode('totp', 'totp_qr', await qrDataUri(url), 256, texts.settingsTotpQrCode()));
    upsertNode(
      ui,
      textNode('totp', 'totp_secret_key', texts.settingsTotpSecret(secret), texts.settingsTotpSecretLabel()),
    );
    upsertNode(
      ui,
      inputNode('totp', 'totp_code', 'text', {
        required: true,
        autocomplete: 'one-time-code',
        label: texts.labelVerifyCode(),
      }),
    );
    upsertNode(ui, submitNode('totp', 'method', 'totp', texts.labelSave()));
  },

  handles: (body) =>
    body.method === 'totp' ||
    (body.method === undefined && (flagField(body, 'totp_unlink') || body.totp_code !== undefined)),

  validate(body) {
    if (flagField(body, 'totp_unlink')) return;
    const code = requireString(body, 'totp_code');
    if (typeof code !== 'string') throw new FlowValidationError([code]);
  },

  needsPrivilegedSession: () => true,

  async update({ rt, request, flow, body, identity }) {
    checkCsrf(rt, request, flow, body);
    if (flagField(body, 'totp_unlink')) {
      await rt.identities.deleteCredential(identity.id, 'totp');
      return { kind: 'saved' };
    }
    const attempt = guard(
      rt,
      request,
      'second-factor',
      rt.rateLimits.secondFactor.perIp,
      rt.rateLimits.secondFactor.perIdentity,
      identity.id,
    );
    const secret = typeof flow.internal.totp_secret === 'string' ? flow.internal.totp_secret : undefined;
    const code = String(body.totp_code);
    const totp = secret ? totpOf(secret, rt.config.totpIssuer, emailOf(identity) || identity.id) : undefined;
    const step = totp ? matchingStep(totp, code, rt.now()) : undefined;
    // In settings the wrong code is a message on the totp_code node (Kratos section 9.4).
    if (!totp || step === undefined) throw FlowValidationError.field('totp_code', texts.totpWrong());
    attempt.succeeded();
    await rt.identities.putCredential(
      identity.id,
      'totp',
      { totp_url: totp.toString(), last_used_step: step },
      rt.now(),
    );
    delete flow.internal.totp_secret;
    return { kind: 'saved', secondFactor: 'totp' };
  },
};
