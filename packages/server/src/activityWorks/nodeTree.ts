/**
 * The scope's node tree with occupancy (`activitySignUp/nodeTree`): how many teachers hold each node,
 * the rule's limit, whether it is the caller's and whether the caller may claim it now. Three reads
 * (the scope's nodes — kept in scopeCache.ts —, the activity's occupancy, the caller's claims) and one
 * pass building the tree.
 */
import { and, eq } from 'drizzle-orm';
import { SignUpStatus, type OccupancyNode } from '@dscloud/sdk/activities';
import type { Orm } from '../db/database.js';
import { activityNodeOccupancy, activitySignUpNodes } from '../db/schema.js';
import { scopeNodes, type ScopeFilter } from './scopeNodes.js';
import type { ScopeNodeCache } from './scopeCache.js';

export interface TreeContext {
  activityId: string;
  /** The activity's version: a scope edit bumps it, so cached node lists of older versions go unused. */
  version: number;
  userId: string;
  teachersPerNode: number;
  nodesPerTeacher: number;
  /** Claims are possible now (the sign-up window is open). */
  open: boolean;
}

export async function occupancyTree(db: Orm, cache: ScopeNodeCache, c: TreeContext, filter: ScopeFilter): Promise<OccupancyNode[]> {
  const key = `${c.activityId}:${c.version}:${filter.editionId ?? ''}:${filter.bookId ?? ''}`;
  const [nodes, occupancy, mine] = await Promise.all([
    cache.get(key, () => scopeNodes(db, c.activityId, filter)),
    db.select({ nodeId: activityNodeOccupancy.nodeId, taken: activityNodeOccupancy.taken }).from(activityNodeOccupancy).where(eq(activityNodeOccupancy.activityId, c.activityId)),
    db
      .select({ nodeId: activitySignUpNodes.nodeId })
      .from(activitySignUpNodes)
      .where(and(eq(activitySignUpNodes.activityId, c.activityId), eq(activitySignUpNodes.userId, c.userId), eq(activitySignUpNodes.status, SignUpStatus.ACTIVE))),
  ]);
  const takenOf = new Map(occupancy.map((o) => [o.nodeId, o.taken]));
  const mineSet = new Set(mine.map((m) => m.nodeId));
  const underOwnLimit = mineSet.size < c.nodesPerTeacher;
  const byId = new Map<string, OccupancyNode>();
  for (const n of nodes) {
    const taken = takenOf.get(n.id) ?? 0;
    const isMine = mineSet.has(n.id);
    byId.set(n.id, {
      nodeId: n.id,
      parentId: n.parentId,
      name: n.name,
      kind: n.kind,
      level: n.level,
      taken,
      limit: c.teachersPerNode,
      claimable: c.open && !isMine && underOwnLimit && taken < c.teachersPerNode,
      mine: isMine,
      children: [],
    });
  }
  const roots: OccupancyNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  // Only leaves are claimed: a chapter with sections is a heading.
  for (const node of byId.values()) if (node.children.length > 0) node.claimable = false;
  return roots;
}
