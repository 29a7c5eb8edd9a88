/**
 * `activityAudit/auditWorks`: one decision on one work or a batch (docs/activities.md "Works review").
 * Each work is decided in its own transaction: compare-and-set on the work's version (a stale or
 * concurrent decision is refused with 409 and the work as it stands, nothing overwritten), the level's
 * quota counted by a conditional update (`used < quota`), and the trace row. The call answers 200 with
 * `decided[]` and `refused[]` once it is valid as a whole.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AuditLevel, WorkReviewState, type AuditLevelCode, type WorkReviewStateCode } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import { AuditDecision, type AuditDecisionCode, type AuditWorksInput, type AuditWorksResult, type ReviewRules } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { activityReviewQuota, activityWorkAudits, activityWorks } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import { chinaTime } from '../activityWorks/windows.js';
import type { Assignment, ReviewerContext } from './reviewerGate.js';
import { isLastLevel, levelName, nextLevel, reviewRulesOf, scoreOf } from './rules.js';
import { decidingAssignment, reachOf, type Reach } from './visibility.js';
import { rowsOf, type WorkRow } from './workRows.js';

const w = activityWorks;
const t = activityWorkAudits;

/** A refusal of one work inside a valid batch. */
class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Decisions happen only inside the audit window; the refusal names it in China time. */
export function assertAuditWindow(rc: ReviewerContext, now: number): void {
  const { auditStartAt: start, auditEndAt: end } = rc.activity;
  if (start === null || end === null) throw new AppError(Codes.CONFLICT, '活动未设置评审时间');
  const span = `评审时间 ${chinaTime(start)} 至 ${chinaTime(end)}`;
  if (now < start) throw new AppError(Codes.CONFLICT, `评审将于 ${chinaTime(start)} 开始（${span}）`);
  if (now >= end) throw new AppError(Codes.CONFLICT, `评审已于 ${chinaTime(end)} 截止（${span}）`);
}

/** The organisation unit whose passes the level's quota counts: the school, the district, the organiser. */
function quotaUnit(level: number, work: WorkRow, organiser: string): string {
  if (level === AuditLevel.SCHOOL) return work.schoolId;
  if (level === AuditLevel.DISTRICT) return work.districtId ?? work.schoolId;
  return organiser;
}

interface Outcome {
  counted: boolean;
  /** What the work becomes (null: stays pending at its level, a provisional decision). */
  effect: AuditDecisionCode | null;
  score: number | null;
}

/** With two reviewers: provisional, agreement, the average, or waiting for the final reviewer. */
async function combine(
  ctx: AppContext,
  rules: ReviewRules,
  assignment: Assignment,
  work: WorkRow,
  reviewerId: string,
  decision: AuditDecisionCode,
  score: number | null,
): Promise<Outcome> {
  if (rules.reviewersPerWork !== 2) return { counted: true, effect: decision, score };
  const prior = await ctx.db.orm
    .select()
    .from(t)
    .where(and(eq(t.workId, work.id), eq(t.level, work.reviewLevel!), eq(t.round, work.round)));
  if (prior.some((p) => p.reviewerId === reviewerId)) throw new Refusal(Codes.CONFLICT, '您已评审过该作品（本轮），请等待另一位评审人');
  if (assignment.finalReviewer) return { counted: true, effect: decision, score };
  if (prior.length === 0) return { counted: false, effect: null, score };
  if (prior.length >= 2) throw new Refusal(Codes.CONFLICT, '两位评审人意见不一致，等待终审评审人决定');
  const other = prior[0]!;
  const scores = [other.score, score].filter((s): s is number => s !== null);
  const mean = scores.length === 2 ? Math.round(((scores[0]! + scores[1]!) / 2) * 100) / 100 : (score ?? other.score);
  if (other.decision === decision) return { counted: true, effect: decision, score: mean };
  if (rules.combine === 'average' && scores.length === 2) {
    return { counted: true, effect: mean! >= rules.passScore ? AuditDecision.PASS : AuditDecision.RETURN, score: mean };
  }
  // `final`, or no scores to average: the disagreement waits for the level's final reviewer.
  return { counted: false, effect: null, score };
}

/** The work's state and level after a counted decision. */
function nextState(levels: readonly AuditLevelCode[], level: number, effect: AuditDecisionCode): { reviewState: WorkReviewStateCode; reviewLevel: number } {
  if (effect === AuditDecision.RETURN) return { reviewState: WorkReviewState.RETURNED, reviewLevel: level };
  if (effect === AuditDecision.REJECT) return { reviewState: WorkReviewState.REJECTED, reviewLevel: level };
  if (effect === AuditDecision.EXCELLENT) return { reviewState: WorkReviewState.EXCELLENT, reviewLevel: level };
  const next = nextLevel(levels, level);
  return next === null ? { reviewState: WorkReviewState.PASSED, reviewLevel: level } : { reviewState: WorkReviewState.PENDING, reviewLevel: next };
}

export type ExcellentHook = (tx: Parameters<Parameters<AppContext['db']['orm']['transaction']>[0]>[0], work: WorkRow, reviewerId: string, now: number) => Promise<void>;

/** Whether the version the reviewer read was decided at a level where this reviewer could decide the work. */
async function decidedWithinReach(ctx: AppContext, rc: ReviewerContext, reach: readonly Reach[], work: WorkRow, version: number): Promise<boolean> {
  const levels = await ctx.db.orm
    .select({ level: t.level })
    .from(t)
    .where(and(eq(t.workId, work.id), eq(t.workVersion, version)));
  return levels.some(({ level }) => decidingAssignment(rc, reach, { ...work, reviewLevel: level }) !== null);
}

async function decideOne(
  ctx: AppContext,
  rc: ReviewerContext,
  reach: readonly Reach[],
  input: AuditWorksInput,
  target: { workId: string; version: number },
  onExcellent: ExcellentHook | null,
): Promise<{ workId: string; version: number; reviewState: WorkReviewStateCode; level: AuditLevelCode | null }> {
  const db = ctx.db.orm;
  const rules = reviewRulesOf(rc.activity.reviewRules);
  const [work] = await db.select().from(w).where(and(eq(w.id, target.workId), eq(w.activityId, rc.activity.id)));
  const stale = () => new Refusal(Codes.CONFLICT, `作品已被他人评审或修改（当前版本 ${work!.version}），请刷新后重试`);
  const assignment = work ? decidingAssignment(rc, reach, work) : null;
  if (!work || !assignment) {
    // A work decided at the version this reviewer read and passed on meanwhile is a lost race (409 with
    // the work as it stands), whenever the other decision landed; anything else is out of reach.
    if (work && work.version !== target.version && (await decidedWithinReach(ctx, rc, reach, work, target.version))) throw stale();
    throw new Refusal(Codes.NOT_FOUND, '作品不存在或不在您当前的评审范围内');
  }
  if (work.version !== target.version) throw stale();
  if (work.reviewState !== WorkReviewState.PENDING) throw new Refusal(Codes.CONFLICT, '作品已不在待评审状态');
  const level = work.reviewLevel!;
  if (input.decision === AuditDecision.EXCELLENT && !isLastLevel(rc.activity.reviewLevels, level)) {
    throw new Refusal(Codes.BAD_REQUEST, `只有最高一级评审可以评为优秀（该作品在${levelName(level)}评审）`);
  }
  const scoring = input.decision === AuditDecision.PASS || input.decision === AuditDecision.EXCELLENT || (rules.reviewersPerWork === 2 && rules.combine === 'average');
  const score = scoreOf(rules, input.scores, scoring);
  const outcome = await combine(ctx, rules, assignment, work, rc.userId, input.decision, score);
  const now = ctx.now();
  const state = outcome.effect === null ? null : nextState(rc.activity.reviewLevels, level, outcome.effect);
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(w)
      .set({
        version: sql`${w.version} + 1`,
        updatedAt: now,
        ...(state ? { reviewState: state.reviewState, reviewLevel: state.reviewLevel, reviewScore: outcome.score, reviewedAt: now } : {}),
      })
      .where(and(eq(w.id, work.id), eq(w.version, target.version), eq(w.reviewState, WorkReviewState.PENDING)))
      .returning();
    if (!moved) throw new Refusal(Codes.CONFLICT, '作品已被他人评审或修改，请刷新后重试');
    const passes = outcome.effect === AuditDecision.PASS || outcome.effect === AuditDecision.EXCELLENT;
    const quota = rules.quotas[level as AuditLevelCode];
    if (passes && quota !== undefined) {
      const unit = quotaUnit(level, work, rc.activity.orgId);
      await tx.insert(activityReviewQuota).values({ activityId: rc.activity.id, level, orgId: unit, used: 0 }).onConflictDoNothing();
      const [counted] = await tx
        .update(activityReviewQuota)
        .set({ used: sql`${activityReviewQuota.used} + 1` })
        .where(and(eq(activityReviewQuota.activityId, rc.activity.id), eq(activityReviewQuota.level, level), eq(activityReviewQuota.orgId, unit), sql`${activityReviewQuota.used} < ${quota}`))
        .returning({ used: activityReviewQuota.used });
      if (!counted) throw new Refusal(Codes.CONFLICT, `${levelName(level)}评审的推荐名额已用完（共 ${quota} 个）`);
    }
    await tx.insert(t).values({
      id: newId('wa'),
      workId: work.id,
      activityId: rc.activity.id,
      level,
      round: work.round,
      workVersion: target.version,
      reviewerId: rc.userId,
      decision: input.decision,
      score,
      scores: input.scores ?? {},
      opinion: input.opinion?.trim() ?? '',
      counted: outcome.counted,
      createdAt: now,
    });
    if (outcome.effect === AuditDecision.EXCELLENT && onExcellent) await onExcellent(tx, moved, rc.userId, now);
    return { workId: moved.id, version: moved.version, reviewState: moved.reviewState as WorkReviewStateCode, level: (moved.reviewLevel ?? null) as AuditLevelCode | null };
  });
}

/** Checks the call as a whole (window, opinion), then decides each work on its own. */
export async function auditWorks(ctx: AppContext, rc: ReviewerContext, input: AuditWorksInput, onExcellent: ExcellentHook | null): Promise<AuditWorksResult> {
  assertAuditWindow(rc, ctx.now());
  const opinion = input.opinion?.trim() ?? '';
  if ((input.decision === AuditDecision.RETURN || input.decision === AuditDecision.REJECT) && opinion === '') {
    throw new AppError(Codes.BAD_REQUEST, '参数 opinion（评审意见）不能为空：退回修改或不通过时请写明理由', { field: 'opinion' });
  }
  // Rubric points are checked once for the whole batch, before anything is stored.
  const rules = reviewRulesOf(rc.activity.reviewRules);
  scoreOf(rules, input.scores, input.decision === AuditDecision.PASS || input.decision === AuditDecision.EXCELLENT || (rules.reviewersPerWork === 2 && rules.combine === 'average'));
  const reach = await reachOf(ctx.db.orm, rc);
  const result: AuditWorksResult = { decided: [], refused: [] };
  const seen = new Set<string>();
  for (const target of input.works) {
    if (seen.has(target.workId)) continue;
    seen.add(target.workId);
    try {
      result.decided.push(await decideOne(ctx, rc, reach, input, target, onExcellent));
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      const [row] = await ctx.db.orm.select().from(w).where(and(eq(w.id, target.workId), eq(w.activityId, rc.activity.id)));
      const visible = row && err.code !== Codes.NOT_FOUND;
      const current = visible ? (await rowsOf(ctx.db.orm, [row], rc.userId, rules.blind))[0] : undefined;
      result.refused.push({ workId: target.workId, code: err.code, message: err.message, ...(current ? { current } : {}) });
    }
  }
  return result;
}
