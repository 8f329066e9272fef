import { FlowValidationError } from '../../flow/validation.ts';
import { checkCsrf } from '../../flow/pipeline.ts';
import { emailOf } from '../../identity/identity.ts';
import { DuplicateIdentifierError } from '../../identity/repository.ts';
import { normaliseEmail, traitNodes, validateTraits } from '../../identity/traits-schema.ts';
import { upsertNode } from '../../ui/container.ts';
import { submitNode } from '../../ui/nodes.ts';
import { texts } from '../../ui/text.ts';
import { methodIs, type SettingsStrategy, type SettingsSubmit } from '../strategy.ts';

function newEmail(submit: SettingsSubmit): string | undefined {
  const traits = submit.body.traits;
  if (typeof traits !== 'object' || traits === null) return undefined;
  const email = (traits as Record<string, unknown>).email;
  return typeof email === 'string' ? email : undefined;
}

function changesEmail(submit: SettingsSubmit): boolean {
  const email = newEmail(submit);
  return email !== undefined && normaliseEmail(email) !== normaliseEmail(emailOf(submit.identity));
}

/** Traits; changing the e-mail (identifier, verifiable and recovery address) needs a recent sign-in. */
export const profileSettings: SettingsStrategy = {
  method: 'profile',

  populate(_rt, ui, { identity }) {
    for (const node of traitNodes('profile', identity.traits)) upsertNode(ui, node);
    upsertNode(ui, submitNode('profile', 'method', 'profile', texts.labelSave()));
  },

  handles: (body) => methodIs(body, 'profile'),

  validate(body) {
    const traits = validateTraits(body.traits ?? {});
    if (!traits.ok) throw new FlowValidationError(traits.messages);
  },

  needsPrivilegedSession: (submit) => changesEmail(submit),

  async update(submit) {
    const { rt, request, flow, body, identity } = submit;
    checkCsrf(rt, request, flow, body);
    const traits = validateTraits(body.traits);
    if (!traits.ok) throw new FlowValidationError(traits.messages);
    try {
      await rt.identities.updateTraits(identity, traits.traits, rt.now());
    } catch (error) {
      if (error instanceof DuplicateIdentifierError) throw FlowValidationError.form(texts.duplicate());
      throw error;
    }
    const changed = changesEmail(submit);
    return { kind: 'saved', revokeOtherSessions: changed, verifyAddress: changed };
  },
};
