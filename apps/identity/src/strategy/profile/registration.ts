import { FlowValidationError } from '../../flow/validation.ts';
import { checkCsrf } from '../../flow/pipeline.ts';
import { traitNodes, validateTraits } from '../../identity/traits-schema.ts';
import { addMessage, removeNodes, upsertNode } from '../../ui/container.ts';
import { nodeId, submitNode } from '../../ui/nodes.ts';
import { texts } from '../../ui/text.ts';
import { methodIs, type RegistrationStrategy } from '../strategy.ts';
import { passwordRegistration } from '../password/registration.ts';

/**
 * The first step of Kratos's two-step (profile first) registration: traits are checked and the
 * form comes back, as a 400 carrying the flow, with the traits hidden and the credential inputs.
 */
export const profileRegistration: RegistrationStrategy = {
  method: 'profile',

  populate() {},

  handles: (body) => methodIs(body, 'profile'),

  async register({ rt, request, flow, body }) {
    const traits = validateTraits(body.traits ?? {});
    for (const node of traitNodes('default', traits.ok ? traits.traits : traits.echo)) upsertNode(flow.ui, node);
    if (!traits.ok) throw new FlowValidationError(traits.messages);
    checkCsrf(rt, request, flow, body);
    if (body.screen === 'previous') {
      removeNodes(flow.ui, (node) => nodeId(node) === 'screen');
      return { kind: 'show-form' };
    }
    for (const node of traitNodes('default', traits.traits, true)) upsertNode(flow.ui, node);
    passwordRegistration.populate(rt, flow.ui);
    upsertNode(flow.ui, submitNode('profile', 'screen', 'previous', texts.registrationBack()));
    addMessage(flow.ui, texts.registrationChooseCredentials());
    return { kind: 'show-form' };
  },
};
