import type { UiNode, UiNodeInputAttributes } from '@ory/client-fetch';
import { isUiNodeInputAttributes } from '@ory/client-fetch';
import * as z from 'zod/mini';
import { formMessage, passwordSchema, TwoFactorCode } from '@/lib/validation.ts';

export type InputNode = UiNode & { attributes: UiNodeInputAttributes };

export function isInputNode(node: UiNode): node is InputNode {
  return isUiNodeInputAttributes(node.attributes);
}

export function inputNamed(nodes: readonly UiNode[], name: string): InputNode | undefined {
  return nodes.filter(isInputNode).find((node) => node.attributes.name === name);
}

export function nodesOfGroups(nodes: readonly UiNode[], groups: readonly UiNode['group'][]): UiNode[] {
  return nodes.filter((node) => groups.includes(node.group));
}

/** The CSRF token every browser flow submit carries. */
export function csrfTokenOf(nodes: readonly UiNode[]): string | undefined {
  const value: unknown = inputNamed(nodes, 'csrf_token')?.attributes.value;
  return typeof value === 'string' ? value : undefined;
}

/**
 * A submit node that chooses the method is the form's own button and needs valid fields; any other
 * (resend the code, regenerate lookup codes, unlink, go back) acts at once without them.
 */
export function isPrimarySubmit(node: InputNode): boolean {
  return node.attributes.name === 'method';
}

export function isSubmitNode(node: InputNode): boolean {
  return node.attributes.type === 'submit' || node.attributes.type === 'button';
}

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
