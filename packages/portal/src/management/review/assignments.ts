/**
 * The organiser's reviewer list as the check-person screen edits it before 保存名单: which units a
 * level reviews (a school at level 1, a district at 2, the city at 3), one row per person, level,
 * unit, stage and subject, and the body `activityAuditPerson/save` takes (the activity's whole list).
 */
import type { AuditLevelCode } from '@dscloud/sdk/activities';
import type { AuditPersonAssignment, AuditPersonRow } from '@dscloud/sdk/review';

/** Organisation types (users.org_type): 1 city bureau, 2 district bureau, 3 school, 4 branch school. */
const UNIT_TYPES: Record<AuditLevelCode, readonly number[]> = { 1: [3, 4], 2: [2], 3: [1] };

export function unitsForLevel<T extends { orgType: number }>(orgs: readonly T[], level: AuditLevelCode): T[] {
  return orgs.filter((o) => UNIT_TYPES[level].includes(o.orgType));
}

export type ListRow = Omit<AuditPersonRow, 'id' | 'pending' | 'done'> & { id?: string; pending?: number; done?: number };

export const assignmentKey = (a: Pick<AuditPersonAssignment, 'level' | 'userId' | 'orgId' | 'stage' | 'subjectCode'>) => `${a.level}|${a.userId}|${a.orgId}|${a.stage}|${a.subjectCode}`;

/** The list with the new rows added; a person already there for the same level, unit, stage and subject is updated (final reviewer), not repeated. */
export function addRows(list: readonly ListRow[], added: readonly ListRow[]): { list: ListRow[]; added: number } {
  const out = [...list];
  let n = 0;
  for (const row of added) {
    const at = out.findIndex((r) => assignmentKey(r) === assignmentKey(row));
    if (at >= 0) out[at] = { ...out[at]!, finalReviewer: row.finalReviewer };
    else {
      out.push(row);
      n++;
    }
  }
  return { list: out, added: n };
}

/** The body of `save`: every assignment of the activity. */
export function saveBody(activityId: string, list: readonly ListRow[]): { activityId: string; assignments: AuditPersonAssignment[] } {
  return {
    activityId,
    assignments: list.map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      activityId,
      level: r.level,
      userId: r.userId,
      orgId: r.orgId,
      stage: r.stage,
      subjectCode: r.subjectCode,
      finalReviewer: r.finalReviewer,
    })),
  };
}
