import type { ChapterNode } from '../../api/review';

export interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

/** The chapter list as a tree for a TreeSelect: a flat list with `parentId` (parents first) or nested `children`. */
export function chapterTree(nodes: readonly ChapterNode[]): TreeOption[] {
  const nested = (list: readonly ChapterNode[]): TreeOption[] =>
    list.map((n) => ({ value: n.nodeId, title: n.nodeName, ...(n.children?.length ? { children: nested(n.children) } : {}) }));
  if (nodes.some((n) => n.children?.length)) return nested(nodes);
  const byId = new Map<string, TreeOption>();
  for (const n of nodes) byId.set(n.nodeId, { value: n.nodeId, title: n.nodeName });
  const roots: TreeOption[] = [];
  for (const n of nodes) {
    const option = byId.get(n.nodeId)!;
    const parent = n.parentId ? byId.get(n.parentId) : undefined;
    if (parent) (parent.children ??= []).push(option);
    else roots.push(option);
  }
  return roots;
}
