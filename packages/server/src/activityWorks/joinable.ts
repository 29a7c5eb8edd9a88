/**
 * What every sign-up and works call checks first: the activity exists and is published (a teacher
 * never learns of drafts), the caller's school lies in its reach, and the rules with their defaults.
 */
import { ActivityStatus, DEFAULT_VIDEO_RULES, type ActivityRules, type VideoRules } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { Orm } from '../db/database.js';
import { AppError } from '../http/appError.js';
import type { AuthUser } from '../http/guard.js';
import { isEligible, loadActivity, type ActivityRow } from '../activities/activityAccess.js';

export const DEFAULT_RULES: ActivityRules = Object.freeze({ nodesPerTeacher: 1, teachersPerNode: 1, allowFormatWarnings: false });

export function rulesOf(row: ActivityRow): ActivityRules {
  return { ...DEFAULT_RULES, ...row.rules };
}

export function videoRulesOf(row: ActivityRow): VideoRules {
  return { ...DEFAULT_VIDEO_RULES, ...row.videoRules };
}

/** The published activity; 404 for a missing, deleted or unpublished one. */
export async function publishedActivity(db: Orm, activityId: string, field = 'activityId'): Promise<ActivityRow> {
  const row = await loadActivity(db, activityId, field);
  if (row.status !== ActivityStatus.PUBLISHED) throw new AppError(Codes.NOT_FOUND, '活动不存在或未发布', { field });
  return row;
}

/** The published activity the teacher may join; 403 when their school lies outside its reach. */
export async function joinableActivity(db: Orm, activityId: string, auth: AuthUser, field = 'activityId'): Promise<ActivityRow> {
  const row = await publishedActivity(db, activityId, field);
  if (!(await isEligible(db, row, auth))) throw new AppError(Codes.FORBIDDEN, '您所在的学校不在该活动的范围内，不能报名', { field });
  return row;
}
