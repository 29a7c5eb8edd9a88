/**
 * The scope's node tree with occupancy (`activitySignUp/nodeTree`): how many teachers hold each node,
 * the rule's limit, whether it is the caller's and whether the caller may claim it now. The tree's
 * JSON is kept per activity version and filter (scopeCache.ts, treeTemplate.ts), the activity's
 * occupancy for a second (occupancyCache.ts, dropped by claims through this server), and the caller's
 * own claims are read on every request (one indexed query), so a teacher always sees their own claim.
 */
import { and, eq } from 'drizzle-orm';
import { SignUpStatus } from '@dscloud/sdk/activities';
import type { Orm } from '../db/database.js';
import { activitySignUpNodes } from '../db/schema.js';
import { occupancyCache } from './occupancyCache.js';
import { scopeNodes, type ScopeFilter } from './scopeNodes.js';
import type { ScopeNodeCache } from './scopeCache.js';
import { buildTemplate, fillTemplate } from './treeTemplate.js';

export interface TreeContext {
  activityId: string;
  /** The activity's version: a scope edit bumps it, so cached trees of older versions go unused. */
  version: number;
  userId: string;
  teachersPerNode: number;
  nodesPerTeacher: number;
  /** Claims are possible now (the sign-up window is open). */
  open: boolean;
}

function filterKey(filter: ScopeFilter): string {
  return [filter.editionId ?? '', filter.bookId ?? '', filter.stage ?? '', filter.subjectCode ?? ''].join(':');
}

/** The serialized `OccupancyNode[]` (roots with `children`) for the caller. */
export async function occupancyTreeJson(db: Orm, cache: ScopeNodeCache, c: TreeContext, filter: ScopeFilter): Promise<string> {
  const key = `${c.activityId}:${c.version}:${filterKey(filter)}`;
  const [template, taken, mine] = await Promise.all([
    cache.get(key, async () => buildTemplate(await scopeNodes(db, c.activityId, filter))),
    occupancyCache(db).get(c.activityId),
    db
      .select({ nodeId: activitySignUpNodes.nodeId })
      .from(activitySignUpNodes)
      .where(and(eq(activitySignUpNodes.userId, c.userId), eq(activitySignUpNodes.activityId, c.activityId), eq(activitySignUpNodes.status, SignUpStatus.ACTIVE))),
  ]);
  const mineSet = new Set(mine.map((m) => m.nodeId));
  return fillTemplate(template, { taken, mine: mineSet, limit: c.teachersPerNode, mayClaim: c.open && mineSet.size < c.nodesPerTeacher });
}
