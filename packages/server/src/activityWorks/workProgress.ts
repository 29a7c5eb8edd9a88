/**
 * The teacher's view of their works in an activity: each work's place in the review levels, and the
 * counts per stage and subject. Only the caller's own works are read.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  AuditLevels,
  WorkReviewState,
  WorkSubmitStatus,
  type AuditLevelCode,
  type SubjectProgress,
  type WorkLevelState,
  type WorkReviewProgress,
  type WorkReviewStateCode,
  type WorkSubmitStatusCode,
} from '@dscloud/sdk/activities';
import type { Orm } from '../db/database.js';
import { activityWorkAudits, activityWorks, lessonNodes } from '../db/schema.js';
import type { ActivityRow } from '../activities/activityAccess.js';
import { stageName, subjectName } from '../curriculum/names.js';

/** Where the work stands at `level`, given the level it has reached and its state there. */
export function levelState(level: number, levels: readonly number[], work: { submitStatus: number; reviewState: number; reviewLevel: number | null }): WorkLevelState {
  if (work.submitStatus !== WorkSubmitStatus.SUBMITTED) return 'notSubmitted';
  if (work.reviewState === WorkReviewState.PASSED || work.reviewState === WorkReviewState.EXCELLENT) return 'passed';
  const at = work.reviewLevel === null ? -1 : levels.indexOf(work.reviewLevel);
  const here = levels.indexOf(level);
  if (here < at) return 'passed';
  if (here > at) return 'waiting';
  if (work.reviewState === WorkReviewState.RETURNED) return 'returned';
  if (work.reviewState === WorkReviewState.REJECTED) return 'rejected';
  return 'pending';
}

async function myWorks(db: Orm, activityId: string, userId: string) {
  return db
    .select({
      id: activityWorks.id,
      title: activityWorks.title,
      nodeName: lessonNodes.name,
      stage: lessonNodes.stage,
      subjectCode: lessonNodes.subjectCode,
      submitStatus: activityWorks.submitStatus,
      reviewState: activityWorks.reviewState,
      reviewLevel: activityWorks.reviewLevel,
      round: activityWorks.round,
    })
    .from(activityWorks)
    .innerJoin(lessonNodes, eq(lessonNodes.id, activityWorks.nodeId))
    .where(and(eq(activityWorks.activityId, activityId), eq(activityWorks.userId, userId)))
    .orderBy(asc(activityWorks.createdAt), asc(activityWorks.id));
}

export async function reviewProgress(db: Orm, activity: ActivityRow, userId: string): Promise<WorkReviewProgress[]> {
  const levels = activity.reviewLevels;
  const works = await myWorks(db, activity.id, userId);
  const t = activityWorkAudits;
  // Counted decisions only: a provisional one of two reviewers is not the teacher's to see.
  const opinions = works.length
    ? await db.select({ workId: t.workId, opinion: t.opinion }).from(t).where(and(inArray(t.workId, works.map((w) => w.id)), eq(t.counted, true))).orderBy(desc(t.createdAt))
    : [];
  return works.map((w) => ({
    lessonId: w.id,
    title: w.title,
    nodeName: w.nodeName,
    submitStatus: w.submitStatus as WorkSubmitStatusCode,
    reviewState: w.reviewState as WorkReviewStateCode,
    reviewLevel: (w.reviewLevel ?? null) as AuditLevelCode | null,
    levels: levels.map((level) => ({ level, levelName: AuditLevels.find(level)?.label ?? '', state: levelState(level, levels, w) })),
    round: w.round,
    opinion: opinions.find((o) => o.workId === w.id)?.opinion ?? '',
  }));
}

export async function subjectProgress(db: Orm, activity: ActivityRow, userId: string): Promise<SubjectProgress[]> {
  const groups = new Map<string, SubjectProgress>();
  for (const w of await myWorks(db, activity.id, userId)) {
    const key = `${w.stage}:${w.subjectCode}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        stage: w.stage,
        stageName: stageName(w.stage),
        subjectCode: w.subjectCode,
        subjectName: subjectName(w.subjectCode),
        total: 0,
        draft: 0,
        submitted: 0,
        withdrawn: 0,
        pending: 0,
        returned: 0,
        passed: 0,
        rejected: 0,
        excellent: 0,
      };
      groups.set(key, g);
    }
    g.total++;
    if (w.submitStatus === WorkSubmitStatus.DRAFT) g.draft++;
    else if (w.submitStatus === WorkSubmitStatus.WITHDRAWN) g.withdrawn++;
    else {
      g.submitted++;
      if (w.reviewState === WorkReviewState.PENDING) g.pending++;
      else if (w.reviewState === WorkReviewState.RETURNED) g.returned++;
      else if (w.reviewState === WorkReviewState.PASSED) g.passed++;
      else if (w.reviewState === WorkReviewState.REJECTED) g.rejected++;
      else if (w.reviewState === WorkReviewState.EXCELLENT) g.excellent++;
    }
  }
  return [...groups.values()].sort((a, b) => a.stage - b.stage || a.subjectCode - b.subjectCode);
}
