import { FlowValidationError, requireString } from '../../flow/validation.ts';
import { checkCsrf } from '../../flow/pipeline.ts';
import { guard } from '../../rate-limit/guard.ts';
import { upsertNode } from '../../ui/container.ts';
import { inputNode, submitNode } from '../../ui/nodes.ts';
import { texts } from '../../ui/text.ts';
import { methodIs, type LoginStrategy } from '../strategy.ts';
import { consumeTotpCode } from './consume.ts';

export const totpLogin: LoginStrategy = {
  method: 'totp',
  aal: 'aal2',

  populate(_rt, ui, audience) {
    if (audience.kind !== 'second-factor' || !audience.credentials.has('totp')) return;
    upsertNode(
      ui,
      inputNode('totp', 'totp_code', 'text', {
        value: '',
        required: true,
        autocomplete: 'one-time-code',
        label: texts.loginTotpLabel(),
      }),
    );
    upsertNode(ui, submitNode('totp', 'method', 'totp', texts.loginUseTotp()));
  },

  handles: (body) => methodIs(body, 'totp') || (body.method === undefined && body.totp_code !== undefined),

  async login({ rt, request, flow, body, session }) {
    const code = requireString(body, 'totp_code');
    if (typeof code !== 'string') throw new FlowValidationError([code]);
    checkCsrf(rt, request, flow, body);
    if (!session) throw FlowValidationError.form(texts.noTotp());
    const { identity } = session;
    const attempt = guard(
      rt,
      request,
      'second-factor',
      rt.rateLimits.secondFactor.perIp,
      rt.rateLimits.secondFactor.perIdentity,
      identity.id,
    );
    const credential = (await rt.identities.credentials(identity.id)).get('totp');
    if (!credential) throw FlowValidationError.form(texts.noTotp());
    // On login the wrong code is a form message, not a node message (Kratos section 9.4).
    if (!(await consumeTotpCode(rt, credential, code))) throw FlowValidationError.form(texts.totpWrong());
    attempt.succeeded();
    return identity;
  },
};
