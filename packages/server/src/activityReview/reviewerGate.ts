/**
 * Who may call `/cloudSchool/v1/activityAudit/*`: a signed-in user assigned as a reviewer. The gate
 * runs in two steps. Before the body is read: a token (401) and at least one assignment in a published,
 * not deleted activity (403 「您不是该活动的评审人员」) — what the RBAC walk sees. After validation:
 * assignments for the activity the call names (the same 403 otherwise), which every handler reads
 * through `assignmentsFor`; they bound everything the reviewer sees and decides.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ActivityStatus, type AuditLevelCode } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import type { Orm } from '../db/database.js';
import { activities, activityAuditPersons } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import { loadActivity, type ActivityRow } from '../activities/activityAccess.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `reviewerGate()`: the route opens to assigned reviewers (test/rbac.test.ts walks it). */
    reviewer?: boolean;
  }
}

export const NOT_REVIEWER = '您不是该活动的评审人员';

export type Assignment = typeof activityAuditPersons.$inferSelect & { level: AuditLevelCode };

/** Whether the user reviews anything: one assignment of a published, not deleted activity. */
export async function isAuditPerson(db: Orm, userId: string): Promise<boolean> {
  const found = await db
    .select({ id: activityAuditPersons.id })
    .from(activityAuditPersons)
    .innerJoin(activities, eq(activities.id, activityAuditPersons.activityId))
    .where(and(eq(activityAuditPersons.userId, userId), eq(activities.status, ActivityStatus.PUBLISHED), isNull(activities.deletedAt)))
    .limit(1);
  return found.length > 0;
}

export function reviewerGate(ctx: AppContext): { preValidation: preHandlerAsyncHookHandler; config: { reviewer: true } } {
  const preValidation: preHandlerAsyncHookHandler = async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
    await ctx.guard.requireUser.call(this as never, request, reply);
    if (!(await isAuditPerson(ctx.db.orm, request.auth!.user.id))) throw new AppError(Codes.FORBIDDEN, NOT_REVIEWER);
  };
  return { preValidation, config: { reviewer: true } };
}

export interface ReviewerContext {
  activity: ActivityRow;
  assignments: Assignment[];
  userId: string;
  /** The reviewer's own organisation (their school, for the conflict of interest). */
  userOrgId: string;
}

/** The activity (404) and the caller's assignments in it (403 when none). */
export async function assignmentsFor(ctx: AppContext, request: FastifyRequest, activityId: string): Promise<ReviewerContext> {
  const db = ctx.db.orm;
  const activity = await loadActivity(db, activityId);
  const user = request.auth!.user;
  const assignments = (await db
    .select()
    .from(activityAuditPersons)
    .where(and(eq(activityAuditPersons.activityId, activity.id), eq(activityAuditPersons.userId, user.id)))) as Assignment[];
  if (assignments.length === 0 || activity.status !== ActivityStatus.PUBLISHED) throw new AppError(Codes.FORBIDDEN, NOT_REVIEWER, { field: 'activityId' });
  return { activity, assignments: assignments.filter((a) => activity.reviewLevels.includes(a.level)), userId: user.id, userOrgId: user.orgId };
}
