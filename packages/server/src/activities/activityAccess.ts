/**
 * What every activity route shares: the teacher gate, loading an activity, its phase now, and who
 * may join it. An activity reaches the subtree of its organiser; a teacher may join it when their
 * school lies in that subtree, i.e. when the organiser is on the teacher's organisation chain.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { activityPhase, ActivityStatus, type PhaseInfo } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import type { Orm } from '../db/database.js';
import { rows } from '../db/rows.js';
import { activities } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import type { AuthUser } from '../http/guard.js';
import { TEACHER_IDENTITY } from '../lessons/access.js';
import { TtlCache } from '../util/ttlCache.js';

export type ActivityRow = typeof activities.$inferSelect;

/** Teachers only: students and parents are told so (4030001), not merely refused. */
export function requireActivityTeacher(ctx: AppContext): preHandlerAsyncHookHandler {
  return async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
    await ctx.guard.requireUser.call(this as never, request, reply);
    if (request.auth?.user.identityCode !== TEACHER_IDENTITY) throw new AppError(Codes.USER_FORBIDDEN, '仅教师可以参与征集活动');
  };
}

/** The activity, not deleted; 404 naming the field otherwise. */
export async function loadActivity(db: Orm, activityId: string, field = 'activityId'): Promise<ActivityRow> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, activityId), isNull(activities.deletedAt)))
    .limit(1);
  if (!row) throw new AppError(Codes.NOT_FOUND, '活动不存在或已删除', { field });
  return row;
}

/** The row's phase at `now` (the SDK's rule, on the stored column names). */
export function phaseOfRow(row: ActivityRow, now: number): PhaseInfo {
  return activityPhase(
    {
      status: row.status,
      signUpStartTime: row.signUpStartAt,
      signUpEndTime: row.signUpEndAt,
      uploadStartTime: row.uploadStartAt,
      uploadEndTime: row.uploadEndAt,
      auditStartTime: row.auditStartAt,
      auditEndTime: row.auditEndAt,
    },
    now,
  );
}

/**
 * The organisation tree changes rarely (reference data, cached 60 s like the subtrees of
 * management/orgScope.ts), while every sign-up call and teacher list needs the caller's chain: one
 * cache per database, keyed by the organisation.
 */
const CHAIN_CACHE_MS = 60_000;
const chains = new WeakMap<Orm, TtlCache<string[]>>();

/** The organisation ids from `orgId` up to the root (the organisation itself first). */
export async function orgChainIds(db: Orm, orgId: string): Promise<string[]> {
  let cache = chains.get(db);
  if (!cache) chains.set(db, (cache = new TtlCache<string[]>(CHAIN_CACHE_MS, 1_000)));
  return cache.get(orgId, () => readOrgChain(db, orgId));
}

async function readOrgChain(db: Orm, orgId: string): Promise<string[]> {
  const found = await rows<{ id: string; depth: number }>(
    db,
    sql`WITH RECURSIVE up(id, parent_id, depth) AS (
          SELECT id, parent_id, 0 FROM organisations WHERE id = ${orgId}
          UNION ALL
          SELECT o.id, o.parent_id, up.depth + 1 FROM organisations o JOIN up ON o.id = up.parent_id WHERE up.depth < 10
        )
        SELECT id, depth FROM up ORDER BY depth`,
  );
  return found.map((r) => r.id);
}

/** Whether the teacher may join: the activity is published and its organiser is on their chain. */
export async function isEligible(db: Orm, row: ActivityRow, auth: AuthUser): Promise<boolean> {
  if (row.status !== ActivityStatus.PUBLISHED) return false;
  return (await orgChainIds(db, auth.user.orgId)).includes(row.orgId);
}

/** A teacher acts only on their own sign-ups and works. */
export function assertOwn(ownerUserId: string, auth: AuthUser | null): void {
  if (!auth || auth.user.id !== ownerUserId) throw new AppError(Codes.FORBIDDEN, '只能操作本人的报名和作品');
}
