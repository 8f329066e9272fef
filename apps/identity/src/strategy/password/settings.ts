import { FlowValidationError, requireString } from '../../flow/validation.ts';
import { checkCsrf } from '../../flow/pipeline.ts';
import { emailOf } from '../../identity/identity.ts';
import { normaliseEmail } from '../../identity/traits-schema.ts';
import { upsertNode } from '../../ui/container.ts';
import { submitNode } from '../../ui/nodes.ts';
import { texts } from '../../ui/text.ts';
import { methodIs, type SettingsStrategy } from '../strategy.ts';
import { hashPassword, verifyPassword } from './hasher.ts';
import { passwordProblem } from './policy.ts';
import { newPasswordNode } from './registration.ts';

export const passwordSettings: SettingsStrategy = {
  method: 'password',

  populate(rt, ui) {
    upsertNode(ui, newPasswordNode(rt.config.passwordMinLength));
    upsertNode(ui, submitNode('password', 'method', 'password', texts.labelSave()));
  },

  handles: (body) => methodIs(body, 'password'),

  validate(body) {
    const password = requireString(body, 'password');
    if (typeof password !== 'string') throw new FlowValidationError([password]);
  },

  needsPrivilegedSession: () => true,

  async update({ rt, request, flow, body, identity, credentials }) {
    checkCsrf(rt, request, flow, body);
    const password = String(body.password);
    const identifier = normaliseEmail(emailOf(identity));
    const problem = passwordProblem(password, identifier, rt.config.passwordMinLength);
    if (problem) throw FlowValidationError.field('password', problem);
    const current = credentials.get('password')?.config.hashed_password;
    if (typeof current === 'string' && (await verifyPassword(current, password)))
      throw FlowValidationError.field('password', texts.passwordSameAsOld());
    await rt.identities.putCredential(
      identity.id,
      'password',
      { hashed_password: await hashPassword(password) },
      rt.now(),
      [identifier],
    );
    return { kind: 'saved', revokeOtherSessions: true };
  },
};
