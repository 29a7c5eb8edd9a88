/**
 * What a reviewer reads about the activities they review: their activities with levels, units, stages
 * and subjects in one call (instead of asking each published activity), and one activity's review
 * rules (instead of the teachers' activity detail).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ActivityStatus } from '@dscloud/sdk/activities';
import type { ReviewerActivityRow, ReviewerAssignment, ReviewerLevel, ReviewerRulesView } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import { activities, activityAuditPersons, organisations } from '../db/schema.js';
import { stageName, subjectName } from '../curriculum/names.js';
import { phaseOfRow } from '../activities/activityAccess.js';
import type { Assignment, ReviewerContext } from './reviewerGate.js';
import { auditLevels } from './filters.js';
import { levelName, reviewRulesOf } from './rules.js';

/** The published, not deleted activities where `userId` has an assignment; those under review first. */
export async function myActivities(ctx: AppContext, user: { id: string; orgId: string }): Promise<ReviewerActivityRow[]> {
  const db = ctx.db.orm;
  const found = await db
    .select({ assignment: activityAuditPersons, activity: activities })
    .from(activityAuditPersons)
    .innerJoin(activities, eq(activities.id, activityAuditPersons.activityId))
    .where(and(eq(activityAuditPersons.userId, user.id), eq(activities.status, ActivityStatus.PUBLISHED), isNull(activities.deletedAt)));
  const orgIds = [...new Set(found.map((r) => r.assignment.orgId))];
  const orgs = orgIds.length ? await db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, orgIds)) : [];
  const orgName = (id: string) => orgs.find((o) => o.id === id)?.name ?? '';
  const byActivity = new Map<string, ReviewerContext>();
  for (const { assignment, activity } of found) {
    const a = assignment as Assignment;
    if (!activity.reviewLevels.includes(a.level)) continue;
    const rc = byActivity.get(activity.id) ?? { activity, assignments: [], userId: user.id, userOrgId: user.orgId };
    rc.assignments.push(a);
    byActivity.set(activity.id, rc);
  }
  const now = ctx.now();
  const out: ReviewerActivityRow[] = [];
  for (const rc of byActivity.values()) {
    const { activity } = rc;
    const levels = (await auditLevels(ctx, rc)) as ReviewerLevel[];
    const assignments: ReviewerAssignment[] = [...rc.assignments]
      .sort((x, y) => activity.reviewLevels.indexOf(x.level) - activity.reviewLevels.indexOf(y.level) || x.stage - y.stage || x.subjectCode - y.subjectCode)
      .map((a) => ({
        level: a.level,
        levelName: levelName(a.level),
        orgId: a.orgId,
        orgName: orgName(a.orgId),
        stage: a.stage,
        stageName: stageName(a.stage),
        subjectCode: a.subjectCode,
        subjectName: subjectName(a.subjectCode),
        finalReviewer: a.finalReviewer,
      }));
    out.push({
      activityId: activity.id,
      name: activity.name,
      phase: phaseOfRow(activity, now).phase,
      auditStartAt: activity.auditStartAt,
      auditEndAt: activity.auditEndAt,
      reviewLevels: [...activity.reviewLevels],
      levels,
      assignments,
    });
  }
  const underReview = (r: ReviewerActivityRow) => (r.phase === 'review' ? 0 : 1);
  return out.sort((x, y) => underReview(x) - underReview(y) || (y.auditStartAt ?? 0) - (x.auditStartAt ?? 0) || x.name.localeCompare(y.name, 'zh'));
}

/** The activity's review rules (defaults filled in) with its levels in order. */
export function reviewerRules(rc: ReviewerContext): ReviewerRulesView {
  return { ...reviewRulesOf(rc.activity.reviewRules), reviewLevels: [...rc.activity.reviewLevels] };
}
