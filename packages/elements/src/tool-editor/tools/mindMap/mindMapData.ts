/** Conversions between the mind map's document data and its outline / curriculum forms. */
import type { StageChild } from '@dscloud/sdk/tools';
import type { OutlineNode } from './outline.js';

/** The part of mind-elixir's node the conversions read and write. */
export interface MapNode {
  id: string;
  topic: string;
  children?: MapNode[];
  expanded?: boolean;
  [more: string]: unknown;
}

export interface MapData {
  nodeData: MapNode;
  [more: string]: unknown;
}

let counter = 0;
const newId = () => `n${Date.now().toString(36)}${(counter++).toString(36)}`;

export const toOutlineNode = (node: MapNode): OutlineNode => ({ topic: node.topic, children: (node.children ?? []).map(toOutlineNode) });

export const fromOutlineNode = (node: OutlineNode, root = true): MapNode => ({
  id: root ? 'root' : newId(),
  topic: node.topic,
  children: node.children.map((c) => fromOutlineNode(c, false)),
});

/** A map of a chapter: the chapter in the middle, its sections and nodes around it (one click). */
export function fromChapter(label: string, children: readonly StageChild[]): MapNode {
  const walk = (c: StageChild): MapNode => ({ id: `c-${c.id}`, topic: c.label, children: (c.children ?? []).map(walk) });
  return { id: 'root', topic: label, children: children.map(walk) };
}

/** Why data is not a mind map, or undefined. */
export function mapProblem(data: unknown): string | undefined {
  const d = data as Partial<MapData> | null;
  const ok = (n: unknown): boolean => {
    const node = n as Partial<MapNode> | null;
    return !!node && typeof node.id === 'string' && typeof node.topic === 'string' && (node.children === undefined || (Array.isArray(node.children) && node.children.every(ok)));
  };
  return d && typeof d === 'object' && ok(d.nodeData) ? undefined : '不是思维导图文档：缺少 nodeData（每个节点需要 id 和 topic）';
}
