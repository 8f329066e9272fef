import { FlowValidationError, requireString } from '../../flow/validation.ts';
import { checkCsrf } from '../../flow/pipeline.ts';
import { DuplicateIdentifierError } from '../../identity/repository.ts';
import { normaliseEmail, traitNodes, validateTraits, type FieldMessage } from '../../identity/traits-schema.ts';
import { objectField } from '../../http/body.ts';
import { findNode, upsertNode } from '../../ui/container.ts';
import { inputNode, submitNode } from '../../ui/nodes.ts';
import { texts } from '../../ui/text.ts';
import { methodIs, type RegistrationStrategy } from '../strategy.ts';
import { guard } from '../../rate-limit/guard.ts';
import { hashPassword } from './hasher.ts';
import { passwordProblem } from './policy.ts';

/** The new-password input; `minlength` tells the web app the configured minimum (not a Kratos attribute). */
export const newPasswordNode = (minLength: number) =>
  inputNode('password', 'password', 'password', {
    required: true,
    autocomplete: 'new-password',
    minlength: minLength,
    label: texts.labelPassword(),
  });

const signUpDataLimit = 4096;

export const passwordRegistration: RegistrationStrategy = {
  method: 'password',

  populate(rt, ui) {
    upsertNode(ui, newPasswordNode(rt.config.passwordMinLength));
    upsertNode(ui, submitNode('password', 'method', 'password', texts.registrationSignUp()));
  },

  handles: (body) => methodIs(body, 'password'),

  async register({ rt, request, flow, body }) {
    const traits = validateTraits(body.traits ?? {});
    const echo = traits.ok ? traits.traits : traits.echo;
    // Kratos echoes the submitted traits back into the form; never the password.
    const hidden = findNode(flow.ui, 'traits.email')?.attributes;
    for (const node of traitNodes('default', echo, hidden?.node_type === 'input' && hidden.type === 'hidden'))
      upsertNode(flow.ui, node);
    const messages: FieldMessage[] = traits.ok ? [] : [...traits.messages];
    const password = requireString(body, 'password');
    if (typeof password !== 'string') messages.push(password);
    if (messages.length) throw new FlowValidationError(messages);
    checkCsrf(rt, request, flow, body);
    if (!traits.ok || typeof password !== 'string') throw new FlowValidationError(messages);
    const identifier = normaliseEmail(traits.traits.email);
    const problem = passwordProblem(password, identifier, rt.config.passwordMinLength);
    if (problem) throw FlowValidationError.field('password', problem);
    // What follows costs an argon2 hash and a mail, and tells whether the address has an account:
    // bounded per IP and for the whole service (the one identifier every registration shares).
    guard(
      rt,
      request,
      'registration',
      rt.rateLimits.registration.perIp,
      rt.rateLimits.registration.global,
      'all registrations',
    );
    const transientPayload = objectField(body, 'transient_payload');
    if (transientPayload && JSON.stringify(transientPayload).length <= signUpDataLimit)
      flow.transientPayload = transientPayload;
    try {
      const identity = await rt.identities.create({
        traits: traits.traits,
        credentials: [
          { type: 'password', config: { hashed_password: await hashPassword(password) }, identifiers: [identifier] },
        ],
        at: rt.now(),
        // The sign-up data (promo code) is kept for the product's staff, as a Kratos web hook would.
        metadataAdmin: flow.transientPayload ? { sign_up: flow.transientPayload } : null,
      });
      return { kind: 'created', identity, method: 'password' };
    } catch (error) {
      if (error instanceof DuplicateIdentifierError) throw FlowValidationError.form(texts.duplicate());
      throw error;
    }
  },
};
