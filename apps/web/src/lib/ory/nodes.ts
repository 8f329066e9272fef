import { isUiNodeInputAttributes, type UiNode, type UiNodeInputAttributes } from './types.ts';

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
