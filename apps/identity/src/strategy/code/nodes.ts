import { anchorNode, inputNode, submitNode, type UiNode } from '../../ui/nodes.ts';
import { texts } from '../../ui/text.ts';

/** The code method's first form: the address to send a code to. */
export const emailNodes = (): UiNode[] => [
  inputNode('code', 'email', 'email', { required: true, autocomplete: 'email', label: texts.labelEmail() }),
  submitNode('code', 'method', 'code', texts.labelContinue()),
];

/** After sending: the code input, and the address again as a "Resend code" button. */
export function codeNodes(kind: 'recovery' | 'verification', email: string): UiNode[] {
  return [
    inputNode('code', 'method', 'hidden', { value: 'code' }),
    inputNode('code', 'code', 'text', {
      required: true,
      pattern: '[0-9]+',
      maxlength: 6,
      autocomplete: 'one-time-code',
      label: kind === 'recovery' ? texts.labelRecoveryCode() : texts.labelVerificationCode(),
    }),
    submitNode('code', 'method', 'code', texts.labelContinue()),
    submitNode('code', 'email', email, texts.labelResendCode()),
  ];
}

export const continueNode = (href: string): UiNode => anchorNode('code', 'continue', href, texts.labelContinue());
