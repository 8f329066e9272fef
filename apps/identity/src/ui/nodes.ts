import type { UiText } from './text.ts';

export type NodeGroup = 'default' | 'password' | 'profile' | 'code' | 'totp' | 'lookup_secret' | 'webauthn';

export type InputType = 'text' | 'password' | 'number' | 'checkbox' | 'hidden' | 'email' | 'submit' | 'button';

export interface InputAttributes {
  name: string;
  type: InputType;
  value?: unknown;
  required?: boolean;
  disabled: boolean;
  autocomplete?: string;
  pattern?: string;
  maxlength?: number;
  /** Not in Kratos: the configured minimum password length, on new-password nodes (see README). */
  minlength?: number;
  onclick?: string;
  onclickTrigger?: string;
  node_type: 'input';
}
export interface ImageAttributes {
  src: string;
  id: string;
  width: number;
  height: number;
  node_type: 'img';
}
export interface TextAttributes {
  text: UiText;
  id: string;
  node_type: 'text';
}
export interface AnchorAttributes {
  href: string;
  title: UiText;
  id: string;
  node_type: 'a';
}
export interface ScriptAttributes {
  src: string;
  async: boolean;
  referrerpolicy: string;
  crossorigin: string;
  integrity: string;
  type: string;
  id: string;
  nonce: string;
  node_type: 'script';
}

export type NodeAttributes = InputAttributes | ImageAttributes | TextAttributes | AnchorAttributes | ScriptAttributes;

export interface UiNode {
  type: NodeAttributes['node_type'];
  group: NodeGroup;
  attributes: NodeAttributes;
  messages: UiText[];
  meta: { label?: UiText };
}

type InputOptions = Partial<Omit<InputAttributes, 'name' | 'type' | 'node_type' | 'disabled'>> & { label?: UiText };

export function inputNode(group: NodeGroup, name: string, type: InputType, options: InputOptions = {}): UiNode {
  const { label, ...rest } = options;
  const attributes: InputAttributes = { name, type, ...rest, disabled: false, node_type: 'input' };
  if (attributes.required !== true) delete attributes.required;
  return { type: 'input', group, attributes, messages: [], meta: label ? { label } : {} };
}

export const submitNode = (group: NodeGroup, name: string, value: string, label: UiText): UiNode =>
  inputNode(group, name, 'submit', { value, label });

export const csrfNode = (): UiNode => inputNode('default', 'csrf_token', 'hidden', { value: '', required: true });

export function imageNode(group: NodeGroup, id: string, src: string, size: number, label: UiText): UiNode {
  return {
    type: 'img',
    group,
    attributes: { src, id, width: size, height: size, node_type: 'img' },
    messages: [],
    meta: { label },
  };
}

export function textNode(group: NodeGroup, id: string, text: UiText, label: UiText): UiNode {
  return { type: 'text', group, attributes: { text, id, node_type: 'text' }, messages: [], meta: { label } };
}

export function anchorNode(group: NodeGroup, id: string, href: string, title: UiText): UiNode {
  return { type: 'a', group, attributes: { href, title, id, node_type: 'a' }, messages: [], meta: { label: title } };
}

export function scriptNode(group: NodeGroup, id: string, src: string, integrity: string): UiNode {
  return {
    type: 'script',
    group,
    attributes: {
      src,
      async: true,
      referrerpolicy: 'no-referrer',
      crossorigin: 'anonymous',
      integrity,
      type: 'text/javascript',
      id,
      nonce: '',
      node_type: 'script',
    },
    messages: [],
    meta: {},
  };
}

/** The `name` of an input node or the `id` of any other node: what Kratos's `node.ID()` returns. */
export function nodeId(node: UiNode): string {
  return node.attributes.node_type === 'input' ? node.attributes.name : node.attributes.id;
}
