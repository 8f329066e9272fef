import { FlowValidationError } from '../../flow/validation.ts';
import { checkCsrf } from '../../flow/pipeline.ts';
import { flagField } from '../../http/body.ts';
import { removeNodes, upsertNode, type UiContainer } from '../../ui/container.ts';
import { submitNode, textNode } from '../../ui/nodes.ts';
import { texts, type UiText } from '../../ui/text.ts';
import type { SettingsStrategy } from '../strategy.ts';
import { hashLookupCodes, newLookupCodes } from './codes.ts';
import { configOf } from './config.ts';

const flags = ['lookup_secret_regenerate', 'lookup_secret_reveal', 'lookup_secret_confirm', 'lookup_secret_disable'];

/** Codes stored as hashes cannot be shown again: an unused one is shown as this. */
export const hiddenLookupCode = '********';

function showCodes(ui: UiContainer, secrets: UiText[]) {
  upsertNode(
    ui,
    textNode(
      'lookup_secret',
      'lookup_secret_codes',
      texts.settingsLookupSecretList(secrets),
      texts.settingsLookupSecretLabel(),
    ),
  );
}

export const lookupSettings: SettingsStrategy = {
  method: 'lookup_secret',

  populate(_rt, ui, { credentials }) {
    if (credentials.has('lookup_secret')) {
      upsertNode(ui, submitNode('lookup_secret', 'lookup_secret_reveal', 'true', texts.settingsLookupReveal()));
      upsertNode(ui, submitNode('lookup_secret', 'lookup_secret_disable', 'true', texts.settingsDisable()));
    } else {
      upsertNode(ui, submitNode('lookup_secret', 'lookup_secret_regenerate', 'true', texts.settingsLookupRegenerate()));
    }
  },

  handles: (body) =>
    body.method === 'lookup_secret' || (body.method === undefined && flags.some((flag) => flagField(body, flag))),

  needsPrivilegedSession: () => true,

  async update({ rt, request, flow, body, identity, credentials }) {
    checkCsrf(rt, request, flow, body);
    const clearLookupNodes = () => removeNodes(flow.ui, (node) => node.group === 'lookup_secret');
    if (flagField(body, 'lookup_secret_regenerate')) {
      const codes = newLookupCodes();
      flow.internal.pending_lookup_codes = codes;
      clearLookupNodes();
      showCodes(
        flow.ui,
        codes.map((code) => texts.settingsLookupSecret(code)),
      );
      upsertNode(flow.ui, submitNode('lookup_secret', 'lookup_secret_confirm', 'true', texts.settingsLookupConfirm()));
      return { kind: 'show-form' };
    }
    if (flagField(body, 'lookup_secret_reveal')) {
      const credential = credentials.get('lookup_secret');
      if (!credential) throw FlowValidationError.form(texts.noLookup());
      const stored = configOf(credential);
      clearLookupNodes();
      showCodes(
        flow.ui,
        stored.codes.map((code) =>
          code.used_at
            ? texts.settingsLookupUsed(new Date(code.used_at))
            : texts.settingsLookupSecret(hiddenLookupCode),
        ),
      );
      upsertNode(flow.ui, submitNode('lookup_secret', 'lookup_secret_disable', 'true', texts.settingsDisable()));
      upsertNode(
        flow.ui,
        submitNode('lookup_secret', 'lookup_secret_regenerate', 'true', texts.settingsLookupRegenerate()),
      );
      return { kind: 'show-form' };
    }
    if (flagField(body, 'lookup_secret_confirm')) {
      const pending = flow.internal.pending_lookup_codes;
      if (!Array.isArray(pending) || !pending.every((code) => typeof code === 'string'))
        throw FlowValidationError.form(
          texts.generic('You must (re-)generate recovery backup codes before you can save them.'),
        );
      const config = await hashLookupCodes(pending);
      await rt.identities.putCredential(identity.id, 'lookup_secret', { ...config }, rt.now());
      delete flow.internal.pending_lookup_codes;
      return { kind: 'saved', secondFactor: 'lookup_secret' };
    }
    if (flagField(body, 'lookup_secret_disable')) {
      await rt.identities.deleteCredential(identity.id, 'lookup_secret');
      delete flow.internal.pending_lookup_codes;
      return { kind: 'saved' };
    }
    throw FlowValidationError.form(texts.settingsNoStrategy());
  },
};
