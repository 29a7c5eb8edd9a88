/**
 * The organiser's reviewer list as the check-person screen edits it before 保存名单: which units a
 * level reviews (a school at level 1, a district at 2, the city at 3), one row per person, level,
 * unit, stage and subject, and the bodies `activityAuditPerson/save` takes (one per changed group).
 */
import type { AuditLevelCode } from '@dscloud/sdk/activities';
import type { AuditPersonAssignment, AuditPersonRow } from '@dscloud/sdk/review';
import type { SaveGroupBody } from '../../api/review';

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

export const groupKey = (a: Pick<AuditPersonAssignment, 'level' | 'orgId' | 'stage' | 'subjectCode'>) => `${a.level}|${a.orgId}|${a.stage}|${a.subjectCode}`;

/**
 * The `save` bodies for the groups (level, unit, stage, subject) that changed: each names the group's
 * whole list of reviewers now (an emptied group is sent with no one, which removes them).
 */
export function saveBodies(activityId: string, list: readonly ListRow[], changed: ReadonlySet<string>): SaveGroupBody[] {
  return [...changed].map((key) => {
    const [level, orgId, stage, subjectCode] = key.split('|');
    return {
      activityId,
      level: Number(level),
      orgId: orgId!,
      stage: Number(stage),
      subjectCode: Number(subjectCode),
      persons: list.filter((r) => groupKey(r) === key).map((r) => ({ userId: r.userId, finalReviewer: r.finalReviewer })),
    };
  });
}
