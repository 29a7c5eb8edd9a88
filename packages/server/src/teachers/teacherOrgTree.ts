/**
 * The organisation picker of the teacher back office: the bureaus and schools within the caller's
 * reach (classes left out), each with how many teacher introductions its schools hold. Flat, parent
 * first; an organisation whose parent is not listed is a root of the caller's tree.
 */
import { and, asc, count, inArray, lt } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { organisations, teacherInfos } from '../db/schema.js';
import type { OrgScope } from '../management/orgScope.js';
import { OrgType } from '../users/orgTypes.js';
import type { OrgNode } from '@dscloud/sdk/teachers';

export type { OrgNode };

export async function orgTreeInScope(db: Orm, scope: OrgScope): Promise<OrgNode[]> {
  if (!scope.all && scope.orgIds.length === 0) return [];
  const o = organisations;
  const found = await db
    .select({ orgId: o.id, name: o.name, shortName: o.shortName, orgType: o.orgType, parentId: o.parentId })
    .from(o)
    .where(and(lt(o.orgType, OrgType.CLASS), scope.all ? undefined : inArray(o.id, [...scope.orgIds])))
    .orderBy(asc(o.orgType), asc(o.id));
  const counts = await db.select({ schoolId: teacherInfos.schoolId, n: count() }).from(teacherInfos).groupBy(teacherInfos.schoolId);
  const own = new Map(counts.map((c) => [c.schoolId, Number(c.n)]));
  const nodes: OrgNode[] = found.map((r) => ({ ...r, teacherCount: own.get(r.orgId) ?? 0 }));
  const byId = new Map(nodes.map((n) => [n.orgId, n]));
  // Add each school's count to its bureaus, deepest first.
  for (const n of [...nodes].reverse()) {
    if (n.orgType !== OrgType.SCHOOL) continue;
    let parent = n.parentId ? byId.get(n.parentId) : undefined;
    while (parent) {
      parent.teacherCount += own.get(n.orgId) ?? 0;
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
  }
  return nodes;
}
