import { FlowValidationError, requireString } from '../../flow/validation.ts';
import { checkCsrf } from '../../flow/pipeline.ts';
import { guard } from '../../rate-limit/guard.ts';
import { upsertNode } from '../../ui/container.ts';
import { inputNode, submitNode } from '../../ui/nodes.ts';
import { texts } from '../../ui/text.ts';
import { methodIs, type LoginStrategy } from '../strategy.ts';
import { findLookupCode } from './codes.ts';
import { configOf } from './config.ts';

export const lookupLogin: LoginStrategy = {
  method: 'lookup_secret',
  aal: 'aal2',

  populate(_rt, ui, audience) {
    if (audience.kind !== 'second-factor' || !audience.credentials.has('lookup_secret')) return;
    upsertNode(
      ui,
      inputNode('lookup_secret', 'lookup_secret', 'text', {
        value: '',
        required: true,
        label: texts.loginLookupLabel(),
      }),
    );
    upsertNode(ui, submitNode('lookup_secret', 'method', 'lookup_secret', texts.loginUseLookup()));
  },

  handles: (body) => methodIs(body, 'lookup_secret'),

  async login({ rt, request, flow, body, session }) {
    const code = requireString(body, 'lookup_secret');
    if (typeof code !== 'string') throw new FlowValidationError([code]);
    checkCsrf(rt, request, flow, body);
    if (!session) throw FlowValidationError.form(texts.noLookup());
    const { identity } = session;
    const attempt = guard(
      rt,
      request,
      'second-factor',
      rt.rateLimits.secondFactor.perIp,
      rt.rateLimits.secondFactor.perIdentity,
      identity.id,
    );
    const credential = (await rt.identities.credentials(identity.id)).get('lookup_secret');
    if (!credential) throw FlowValidationError.form(texts.noLookup());
    const config = configOf(credential);
    const index = await findLookupCode(config, code);
    if (index < 0) throw FlowValidationError.form(texts.lookupInvalid());
    if (config.codes[index]?.used_at) throw FlowValidationError.form(texts.lookupUsed());
    const codes = config.codes.map((entry, position) =>
      position === index ? { ...entry, used_at: rt.now().toISOString() } : entry,
    );
    // Saved only if no other request used a code meanwhile: a code works once, even in a race.
    if (!(await rt.identities.updateCredentialConfig(credential, { ...config, codes }, rt.now())))
      throw FlowValidationError.form(texts.lookupUsed());
    attempt.succeeded();
    return identity;
  },
};
