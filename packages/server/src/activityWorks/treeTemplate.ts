/**
 * The node tree of `activitySignUp/nodeTree` as a serialized template: the scope's chapter and
 * knowledge trees never change under a published activity version, so their JSON (ids, names, kinds,
 * levels, nesting) is written once, and an answer only fills in each node's occupancy, whether it is
 * the caller's and whether the caller may claim it — a join of a few thousand short strings instead of
 * building and `JSON.stringify`-ing a few thousand objects per request.
 *
 * The answer equals `JSON.stringify` of the `OccupancyNode[]` it stands for (same keys, same order):
 * roots and children in the order of the node rows (book, level, sort, id); only leaves are claimable.
 */
import type { ScopeNodeRow } from './scopeNodes.js';

export interface TreeTemplate {
  /** Node ids in the order their occupancy is written (depth first). */
  readonly ids: readonly string[];
  /** Whether each node (same index) is a leaf, the only kind a teacher claims. */
  readonly leaf: readonly boolean[];
  /** `statics[i]` precedes node i's occupancy; the last one closes the tree. */
  readonly statics: readonly string[];
  /** Bytes the template holds, about (for the cache's bound). */
  readonly bytes: number;
}

interface Built {
  row: ScopeNodeRow;
  children: Built[];
}

/** The template of the rows' forest (rows in tree order, a parent outside the rows makes a root). */
export function buildTemplate(rows: readonly ScopeNodeRow[]): TreeTemplate {
  const byId = new Map<string, Built>();
  for (const row of rows) byId.set(row.id, { row, children: [] });
  const roots: Built[] = [];
  for (const node of byId.values()) {
    const parent = node.row.parentId ? byId.get(node.row.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const ids: string[] = [];
  const leaf: boolean[] = [];
  const statics: string[] = [];
  let pending = '[';
  const walk = (nodes: Built[]) => {
    nodes.forEach((node, i) => {
      const r = node.row;
      pending +=
        (i > 0 ? ',' : '') +
        `{"nodeId":${JSON.stringify(r.id)},"parentId":${JSON.stringify(r.parentId)},"name":${JSON.stringify(r.name)},` +
        `"kind":${JSON.stringify(r.kind)},"level":${JSON.stringify(r.level)},"taken":`;
      statics.push(pending);
      ids.push(r.id);
      leaf.push(node.children.length === 0);
      pending = '';
      walk(node.children);
      pending += ']}';
    });
  };
  walk(roots);
  statics.push(pending + ']');
  const bytes = statics.reduce((n, s) => n + s.length * 2, 0) + ids.reduce((n, s) => n + s.length * 2 + 16, 0);
  return { ids, leaf, statics, bytes };
}

export interface FillContext {
  /** Teachers holding each node now (absent: none). */
  taken: ReadonlyMap<string, number>;
  /** The caller's active claims. */
  mine: ReadonlySet<string>;
  /** The rule's `teachersPerNode`. */
  limit: number;
  /** Whether the caller may claim more now: sign-up open and under their own `nodesPerTeacher`. */
  mayClaim: boolean;
}

/** The serialized `OccupancyNode[]` for this caller and this occupancy. */
export function fillTemplate(t: TreeTemplate, c: FillContext): string {
  const out: string[] = new Array(t.ids.length * 2 + 1);
  const limitPart = `,"limit":${c.limit},"claimable":`;
  for (let i = 0; i < t.ids.length; i++) {
    const id = t.ids[i]!;
    const taken = c.taken.get(id) ?? 0;
    const mine = c.mine.has(id);
    const claimable = t.leaf[i]! && c.mayClaim && !mine && taken < c.limit;
    out[i * 2] = t.statics[i]!;
    out[i * 2 + 1] = `${taken}${limitPart}${claimable},"mine":${mine},"children":[`;
  }
  out[t.ids.length * 2] = t.statics[t.ids.length]!;
  return out.join('');
}
