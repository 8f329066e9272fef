import * as z from 'zod/mini';
import { formMessage } from '@/lib/form-messages.ts';
import { passwordSchema, TwoFactorCode } from '@/lib/validation.ts';
import { isSubmitNode, type InputNode } from './nodes.ts';

// Apart from the nodes' helpers, so that a page that reads a flow's nodes without checking them
// (the e-mail form of /settings) does not download zod.

/** The client-side rule of a field (spec 5), or none for fields the server alone judges. */
export function fieldSchema(node: InputNode, passwordMinLength: number): z.ZodMiniType | undefined {
  const { name, type, required, autocomplete, pattern } = node.attributes;
  if (type === 'hidden' || isSubmitNode(node)) return undefined;
  if (name === 'totp_code') return TwoFactorCode;
  if (type === 'password') {
    return autocomplete === 'new-password'
      ? passwordSchema(passwordMinLength)
      : z.string().check(z.minLength(1, formMessage.required));
  }
  if (type === 'checkbox') return required ? z.literal(true, formMessage.required) : undefined;
  if (type === 'email') {
    const email = z.email(formMessage.email);
    return required
      ? z.pipe(z.string().check(z.minLength(1, formMessage.required)), email)
      : z.union([email, z.literal('')]);
  }
  if (name === 'code' || pattern === '[0-9]+') {
    return z.string().check(z.minLength(1, formMessage.required), z.regex(/^\d+$/, formMessage.numeric));
  }
  return required ? z.string().check(z.trim(), z.minLength(1, formMessage.required)) : undefined;
}
