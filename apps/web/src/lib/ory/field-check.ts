import { formMessage } from '@/lib/form-messages.ts';
import {
  email,
  matches,
  passwordCheck,
  required,
  textCheck,
  trimmedCheck,
  twoFactorCodeCheck,
  type FieldCheck,
} from '@/lib/validation.ts';
import { isSubmitNode, type InputNode } from './nodes.ts';

const checkedBox: FieldCheck = (value) => value === true || formMessage.required;

/** The client-side rule of a field (spec 5), or none for fields the server alone judges. */
export function fieldCheck(node: InputNode, passwordMinLength: number): FieldCheck | undefined {
  const { name, type, required: isRequired, autocomplete, pattern } = node.attributes;
  if (type === 'hidden' || isSubmitNode(node)) return undefined;
  if (name === 'totp_code') return twoFactorCodeCheck;
  if (type === 'password')
    return autocomplete === 'new-password' ? passwordCheck(passwordMinLength) : textCheck(required);
  if (type === 'checkbox') return isRequired ? checkedBox : undefined;
  if (type === 'email') {
    if (isRequired) return textCheck(required, email);
    const check = textCheck(email);
    return (value) => value === '' || check(value);
  }
  if (name === 'code' || pattern === '[0-9]+') return textCheck(required, matches(/^\d+$/, formMessage.numeric));
  return isRequired ? trimmedCheck(required) : undefined;
}
