import { burnVerification, verifyPassword } from './hasher.ts';
import { FlowValidationError, requireString } from '../../flow/validation.ts';
import { checkCsrf } from '../../flow/pipeline.ts';
import { emailOf } from '../../identity/identity.ts';
import { normaliseEmail, traitsSchema } from '../../identity/traits-schema.ts';
import { guard } from '../../rate-limit/guard.ts';
import { setValue, upsertNode } from '../../ui/container.ts';
import { inputNode, submitNode } from '../../ui/nodes.ts';
import { texts } from '../../ui/text.ts';
import { methodIs, type LoginStrategy } from '../strategy.ts';

const identifierLabel = () => texts.labelTrait(traitsSchema.properties.traits.properties.email.title, 'traits.email');

export const passwordLogin: LoginStrategy = {
  method: 'password',
  aal: 'aal1',

  populate(_rt, ui, audience) {
    if (audience.kind === 'second-factor') return;
    const refresh = audience.kind === 'refresh';
    upsertNode(
      ui,
      refresh
        ? inputNode('default', 'identifier', 'hidden', { value: emailOf(audience.identity), required: true })
        : inputNode('default', 'identifier', 'text', {
            value: '',
            required: true,
            autocomplete: 'username',
            label: identifierLabel(),
          }),
    );
    upsertNode(
      ui,
      inputNode('password', 'password', 'password', {
        required: true,
        autocomplete: 'current-password',
        label: texts.labelPassword(),
      }),
    );
    upsertNode(
      ui,
      submitNode('password', 'method', 'password', refresh ? texts.loginSignIn() : texts.loginWithPassword()),
    );
  },

  handles: (body) => methodIs(body, 'password'),

  async login({ rt, request, flow, body }) {
    // `password_identifier` is the legacy name of the field.
    const identifier = requireString(
      body.identifier === undefined && body.password_identifier !== undefined
        ? { identifier: body.password_identifier }
        : body,
      'identifier',
    );
    const password = requireString(body, 'password');
    const problems = [identifier, password].filter((value) => typeof value !== 'string');
    if (typeof identifier === 'string') setValue(flow.ui, 'identifier', identifier);
    if (problems.length) throw new FlowValidationError(problems);
    checkCsrf(rt, request, flow, body);
    const normalised = normaliseEmail(identifier as string);
    const attempt = guard(
      rt,
      request,
      'login',
      rt.rateLimits.login.perIp,
      rt.rateLimits.login.perIdentifier,
      normalised,
    );
    const credential = await rt.identities.findByIdentifier('password', normalised);
    const hashed =
      typeof credential?.config.hashed_password === 'string' ? credential.config.hashed_password : undefined;
    if (!credential || !hashed) {
      await burnVerification(password as string);
      throw FlowValidationError.form(texts.invalidCredentials());
    }
    if (!(await verifyPassword(hashed, password as string))) throw FlowValidationError.form(texts.invalidCredentials());
    attempt.succeeded();
    const identity = await rt.identities.findById(credential.identityId);
    if (!identity) throw FlowValidationError.form(texts.invalidCredentials());
    if (identity.state !== 'active') throw FlowValidationError.form(texts.identityDisabled());
    return identity;
  },
};
