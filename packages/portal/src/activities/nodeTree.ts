/**
 * The sign-up page's node tree: each node's occupancy (taken / limit), whether the teacher may tick it
 * and, when not, why — so a disabled checkbox always says its reason.
 */
import type { OccupancyNode } from '@dscloud/sdk/activities';

export type NodeBlock = 'mine' | 'full' | 'limitReached' | 'closed' | 'signUpFirst' | null;

/** Whether claiming is possible at all: the window runs and the teacher signed up. */
export type ClaimGate = 'open' | 'closed' | 'signUpFirst';

/**
 * Why a node cannot be ticked now (null: it can). `left` is how many more nodes the teacher may claim
 * (counting what is already ticked). Occupancy shows before signing up, so a teacher can see which
 * nodes are still free before committing.
 */
export function nodeBlock(node: OccupancyNode, gate: ClaimGate, left: number, ticked: boolean): NodeBlock {
  if (node.mine) return 'mine';
  if (node.taken >= node.limit) return 'full';
  if (gate !== 'open') return gate;
  if (!ticked && (left <= 0 || !node.claimable)) return 'limitReached';
  return null;
}

export function flatten(nodes: readonly OccupancyNode[]): OccupancyNode[] {
  const out: OccupancyNode[] = [];
  const walk = (list: readonly OccupancyNode[]) => {
    for (const node of list) {
      out.push(node);
      walk(node.children);
    }
  };
  walk(nodes);
  return out;
}

export function mineCount(nodes: readonly OccupancyNode[]): number {
  return flatten(nodes).filter((n) => n.mine && isLeaf(n)).length;
}

/** Leaves matching `keyword` and every ancestor that leads to one; an empty keyword keeps the tree. */
export function filterTree(nodes: readonly OccupancyNode[], keyword: string): OccupancyNode[] {
  const word = keyword.trim().toLowerCase();
  if (!word) return [...nodes];
  const keep = (node: OccupancyNode): OccupancyNode | null => {
    if (node.name.toLowerCase().includes(word)) return node;
    const children = node.children.map(keep).filter((c): c is OccupancyNode => c !== null);
    return children.length ? { ...node, children } : null;
  };
  return nodes.map(keep).filter((c): c is OccupancyNode => c !== null);
}

/** Only leaves (a lesson's section, a knowledge point) are claimed; chapters above them group them. */
export function isLeaf(node: OccupancyNode): boolean {
  return node.children.length === 0;
}

/** Tally for the summary line: claimable nodes, full ones and free places over the whole tree. */
export function occupancyTotals(nodes: readonly OccupancyNode[]): { nodes: number; full: number; freePlaces: number } {
  const leaves = flatten(nodes).filter(isLeaf);
  return {
    nodes: leaves.length,
    full: leaves.filter((n) => n.taken >= n.limit).length,
    freePlaces: leaves.reduce((sum, n) => sum + Math.max(0, n.limit - n.taken), 0),
  };
}
