import { inputNode, nodeId, type NodeGroup, type UiNode } from './nodes.ts';
import type { UiText } from './text.ts';

/** A flow's form: `messages` is left out of the JSON when empty, node `messages` never is. */
export interface UiContainer {
  action: string;
  method: 'POST' | 'GET';
  nodes: UiNode[];
  messages?: UiText[];
}

export function newContainer(action: string): UiContainer {
  return { action, method: 'POST', nodes: [] };
}

export function findNode(ui: UiContainer, name: string): UiNode | undefined {
  return ui.nodes.find((node) => nodeId(node) === name);
}

/** Adds or replaces (by name and group) a node, as Kratos's `Nodes.Upsert`. */
export function upsertNode(ui: UiContainer, node: UiNode): void {
  const index = ui.nodes.findIndex((existing) => nodeId(existing) === nodeId(node) && existing.group === node.group);
  if (index >= 0) ui.nodes[index] = node;
  else ui.nodes.push(node);
}

export function removeNodes(ui: UiContainer, predicate: (node: UiNode) => boolean): void {
  ui.nodes = ui.nodes.filter((node) => !predicate(node));
}

export function addMessage(ui: UiContainer, message: UiText): void {
  ui.messages = [...(ui.messages ?? []), message];
}

/**
 * Puts a message on the node of that name (creating a text input if none exists, as Kratos does);
 * an empty name means the whole form.
 */
export function addNodeMessage(ui: UiContainer, name: string, message: UiText, group: NodeGroup = 'default'): void {
  if (!name) return addMessage(ui, message);
  let node = findNode(ui, name);
  if (!node) {
    node = inputNode(group, name, 'text');
    ui.nodes.push(node);
  }
  node.messages.push(message);
}

export function resetMessages(ui: UiContainer): void {
  delete ui.messages;
  for (const node of ui.nodes) node.messages = [];
}

export function setValue(ui: UiContainer, name: string, value: unknown): void {
  const node = findNode(ui, name);
  if (node?.attributes.node_type === 'input') node.attributes.value = value;
}

/**
 * Orders nodes as Kratos's login and settings sorters do: by group rank, then the named nodes
 * first (csrf_token, identifier, password), keeping the insertion order otherwise.
 */
export function sortNodes(ui: UiContainer, groupOrder: readonly NodeGroup[], firstNames: readonly string[]): void {
  const rank = (node: UiNode) => {
    const group = groupOrder.indexOf(node.group);
    return group < 0 ? groupOrder.length : group;
  };
  const nameRank = (node: UiNode) => {
    const index = firstNames.indexOf(nodeId(node));
    return index < 0 ? firstNames.length : index;
  };
  ui.nodes = ui.nodes
    .map((node, index) => ({ node, index }))
    .sort((a, b) => rank(a.node) - rank(b.node) || nameRank(a.node) - nameRank(b.node) || a.index - b.index)
    .map(({ node }) => node);
}
