/**
 * Reviewer assignments (activity_audit_persons): the organiser's table with each reviewer's pending and
 * decided works, the candidates of a unit, and saving one group (activity, level, unit, stage, subject)
 * as a whole. Every check names the field; nothing is stored unless all pass.
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { AuditLevel, WorkReviewState, WorkSubmitStatus, type AuditLevelCode } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { AuditPersonRow } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { activityAuditPersons, activityScopes, activityWorkAudits, activityWorks, organisations, users } from '../db/schema.js';
import { containsPattern } from '../db/rows.js';
import { AppError } from '../http/appError.js';
import { stageName, subjectName } from '../curriculum/names.js';
import { orgChainIds } from '../activities/activityAccess.js';
import { subtreeOf } from '../management/orgScope.js';
import { Identity, OrgType } from '../users/orgTypes.js';
import type { OrganiserReach } from './organiserAccess.js';
import { levelName } from './rules.js';

const p = activityAuditPersons;
const bad = (field: string, message: string) => new AppError(Codes.BAD_REQUEST, message, { field });

export const PERSONS_MAX = 50;

/** The unit type each level reviews. */
const UNIT_TYPE: Record<AuditLevelCode, { type: number; name: string }> = {
  1: { type: OrgType.SCHOOL, name: '学校' },
  2: { type: OrgType.DISTRICT_BUREAU, name: '区县教育局' },
  3: { type: OrgType.CITY_BUREAU, name: '市教育局' },
};

export interface PersonsQuery {
  activityId: string;
  level?: number;
  stage?: number;
  subjectCode?: number;
  orgId?: string;
  keyword?: string;
  pageNum?: number;
  pageSize?: number;
}

export async function personPage(ctx: AppContext, reach: OrganiserReach, q: PersonsQuery) {
  const db = ctx.db.orm;
  const keyword = q.keyword?.trim();
  const where: SQL = and(
    eq(p.activityId, reach.activity.id),
    reach.orgIds ? (reach.orgIds.length ? inArray(p.orgId, [...reach.orgIds]) : sql`false`) : undefined,
    q.level !== undefined ? eq(p.level, q.level) : undefined,
    q.stage !== undefined ? eq(p.stage, q.stage) : undefined,
    q.subjectCode !== undefined ? eq(p.subjectCode, q.subjectCode) : undefined,
    q.orgId ? eq(p.orgId, q.orgId) : undefined,
    keyword ? or(ilike(users.displayName, containsPattern(keyword)), ilike(users.username, containsPattern(keyword))) : undefined,
  )!;
  const pageNum = q.pageNum ?? 1;
  const pageSize = q.pageSize ?? 10;
  const [list, [total]] = await Promise.all([
    db
      .select({ a: p, userName: users.displayName, userOrgId: users.orgId, orgName: organisations.name })
      .from(p)
      .innerJoin(users, eq(users.id, p.userId))
      .innerJoin(organisations, eq(organisations.id, p.orgId))
      .where(where)
      .orderBy(asc(p.level), asc(p.orgId), asc(p.stage), asc(p.subjectCode), asc(users.displayName), asc(p.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(p).innerJoin(users, eq(users.id, p.userId)).where(where),
  ]);
  const rows: AuditPersonRow[] = [];
  for (const r of list) rows.push({ ...(await counts(ctx, r.a, r.userOrgId)), ...rowOf(r.a, r.userName, r.orgName) });
  return { rows, total: Number(total?.n ?? 0), pageNum, pageSize };
}

function rowOf(a: typeof p.$inferSelect, userName: string, orgName: string): Omit<AuditPersonRow, 'pending' | 'done'> {
  return {
    id: a.id,
    activityId: a.activityId,
    level: a.level as AuditLevelCode,
    userId: a.userId,
    orgId: a.orgId,
    stage: a.stage,
    subjectCode: a.subjectCode,
    finalReviewer: a.finalReviewer,
    userName,
    orgName,
    stageName: stageName(a.stage),
    subjectName: subjectName(a.subjectCode),
  };
}

/** Works waiting at the assignment's level in its unit (conflicts left out), and the reviewer's decisions there. */
async function counts(ctx: AppContext, a: typeof p.$inferSelect, userOrgId: string): Promise<{ pending: number; done: number }> {
  const db = ctx.db.orm;
  const w = activityWorks;
  const schools = await subtreeOf(db, [a.orgId]);
  const t = activityWorkAudits;
  const [[pending], [done]] = await Promise.all([
    db
      .select({ n: count() })
      .from(w)
      .where(
        and(
          eq(w.activityId, a.activityId),
          eq(w.submitStatus, WorkSubmitStatus.SUBMITTED),
          eq(w.reviewState, WorkReviewState.PENDING),
          eq(w.reviewLevel, a.level),
          eq(w.stage, a.stage),
          eq(w.subjectCode, a.subjectCode),
          schools.length ? inArray(w.schoolId, schools) : sql`false`,
          sql`${w.userId} <> ${a.userId}`,
          a.level === AuditLevel.SCHOOL ? undefined : sql`${w.schoolId} <> ${userOrgId}`,
          sql`NOT EXISTS (SELECT 1 FROM ${t} WHERE ${t.workId} = ${w.id} AND ${t.reviewerId} = ${a.userId} AND ${t.level} = ${a.level} AND ${t.round} = ${w.round})`,
        ),
      ),
    db
      .select({ n: sql<number>`count(DISTINCT ${t.workId})` })
      .from(t)
      .innerJoin(w, eq(w.id, t.workId))
      .where(and(eq(t.activityId, a.activityId), eq(t.reviewerId, a.userId), eq(t.level, a.level), eq(w.stage, a.stage), eq(w.subjectCode, a.subjectCode))),
  ]);
  return { pending: Number(pending?.n ?? 0), done: Number(done?.n ?? 0) };
}

export interface CandidateQuery {
  activityId: string;
  orgId: string;
  stage?: number;
  subjectCode?: number;
  keyword?: string;
  pageNum?: number;
  pageSize?: number;
}

/** Teachers and staff of the unit's subtree who may be assigned, with whether they already are (for the stage and subject). */
export async function candidates(ctx: AppContext, reach: OrganiserReach, q: CandidateQuery) {
  const db = ctx.db.orm;
  if (!reach.covers(q.orgId)) throw new AppError(Codes.FORBIDDEN, '不在您的管理范围内', { field: 'orgId' });
  const orgs = await subtreeOf(db, [q.orgId]);
  if (orgs.length === 0) throw bad('orgId', `参数 orgId（评审单位）不存在：${q.orgId}`);
  const keyword = q.keyword?.trim();
  const where = and(
    inArray(users.orgId, orgs),
    eq(users.identityCode, Identity.TEACHER),
    eq(users.disabled, false),
    q.stage !== undefined ? or(eq(users.stageCode, String(q.stage)), sql`${users.stageCode} IS NULL`) : undefined,
    keyword ? or(ilike(users.displayName, containsPattern(keyword)), ilike(users.username, containsPattern(keyword))) : undefined,
  );
  const pageNum = q.pageNum ?? 1;
  const pageSize = q.pageSize ?? 10;
  const [list, [total]] = await Promise.all([
    db
      .select({ userId: users.id, userName: users.displayName, username: users.username, orgId: users.orgId, orgName: organisations.name, stageCode: users.stageCode })
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.orgId))
      .where(where)
      .orderBy(asc(users.displayName), asc(users.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const assigned = list.length
    ? await db
        .select({ userId: p.userId, level: p.level })
        .from(p)
        .where(
          and(
            eq(p.activityId, reach.activity.id),
            inArray(p.userId, list.map((u) => u.userId)),
            q.stage !== undefined ? eq(p.stage, q.stage) : undefined,
            q.subjectCode !== undefined ? eq(p.subjectCode, q.subjectCode) : undefined,
          ),
        )
    : [];
  const rows = list.map((u) => ({ ...u, stage: u.stageCode ? Number(u.stageCode) : null, assignedLevels: [...new Set(assigned.filter((a) => a.userId === u.userId).map((a) => a.level))].sort() }));
  return { rows: rows.map(({ stageCode: _s, ...r }) => r), total: Number(total?.n ?? 0), pageNum, pageSize };
}

export interface SaveGroup {
  activityId: string;
  level: number;
  orgId: string;
  stage: number;
  subjectCode: number;
  persons: Array<{ userId: string; finalReviewer?: boolean }>;
}

/** Replaces the reviewers of one group; answers the group's rows. */
export async function saveGroup(ctx: AppContext, reach: OrganiserReach, body: SaveGroup, createdBy: string) {
  const db = ctx.db.orm;
  const { activity } = reach;
  if (!activity.reviewLevels.includes(body.level as AuditLevelCode)) {
    throw bad('level', `参数 level（评审级别）不是该活动的评审级别：${levelName(body.level)}（活动的评审级别：${activity.reviewLevels.map(levelName).join('、') || '未设置'}）`);
  }
  const scope = await db.select().from(activityScopes).where(eq(activityScopes.activityId, activity.id));
  if (!scope.some((s) => s.stage === body.stage)) throw bad('stage', `参数 stage（学段）不在活动范围内：${stageName(body.stage) || body.stage}`);
  if (!scope.some((s) => s.stage === body.stage && s.subjectCode === body.subjectCode)) {
    throw bad('subjectCode', `参数 subjectCode（学科）不在活动范围内：${stageName(body.stage)}${subjectName(body.subjectCode) || body.subjectCode}`);
  }
  const [org] = await db.select().from(organisations).where(eq(organisations.id, body.orgId));
  if (!org) throw bad('orgId', `参数 orgId（评审单位）不存在：${body.orgId}`);
  const unit = UNIT_TYPE[body.level as AuditLevelCode];
  if (org.orgType !== unit.type) throw bad('orgId', `参数 orgId（评审单位）应为${unit.name}：${levelName(body.level)}评审由${unit.name}组织，「${org.name}」不是${unit.name}`);
  if (!(await orgChainIds(db, org.id)).includes(activity.orgId)) throw bad('orgId', `参数 orgId（评审单位）不在活动主办单位的范围内：${org.name}`);
  if (!reach.covers(org.id)) throw new AppError(Codes.FORBIDDEN, '不在您的管理范围内', { field: 'orgId' });
  const ids = body.persons.map((x) => x.userId);
  const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (dup >= 0) throw bad(`persons[${dup}].userId`, `参数 persons[${dup}].userId（评审人）重复：${ids[dup]}`);
  const inUnit = await subtreeOf(db, [org.id]);
  const found = ids.length ? await db.select({ id: users.id, orgId: users.orgId, name: users.displayName, disabled: users.disabled }).from(users).where(inArray(users.id, ids)) : [];
  for (const [i, id] of ids.entries()) {
    const u = found.find((x) => x.id === id);
    if (!u) throw bad(`persons[${i}].userId`, `参数 persons[${i}].userId（评审人）不存在：${id}`);
    if (u.disabled) throw bad(`persons[${i}].userId`, `参数 persons[${i}].userId（评审人）账号已停用：${u.name}`);
    if (!inUnit.includes(u.orgId)) throw bad(`persons[${i}].userId`, `参数 persons[${i}].userId（评审人）不属于评审单位「${org.name}」：${u.name}`);
  }
  const now = ctx.now();
  await db.transaction(async (tx) => {
    const group = and(eq(p.activityId, activity.id), eq(p.level, body.level), eq(p.orgId, org.id), eq(p.stage, body.stage), eq(p.subjectCode, body.subjectCode));
    await tx.delete(p).where(group);
    if (body.persons.length) {
      await tx.insert(p).values(
        body.persons.map((x) => ({
          id: newId('ap'),
          activityId: activity.id,
          level: body.level,
          userId: x.userId,
          orgId: org.id,
          stage: body.stage,
          subjectCode: body.subjectCode,
          finalReviewer: x.finalReviewer ?? false,
          createdBy,
          createdAt: now,
        })),
      );
    }
  });
  return (await personPage(ctx, reach, { activityId: activity.id, level: body.level, orgId: org.id, stage: body.stage, subjectCode: body.subjectCode, pageSize: PERSONS_MAX })).rows;
}

/** The scope's stages, and subjects of a stage (the assignment form's choices). */
export async function scopeStages(ctx: AppContext, activityId: string) {
  const rows = await ctx.db.orm.selectDistinct({ stage: activityScopes.stage }).from(activityScopes).where(eq(activityScopes.activityId, activityId)).orderBy(asc(activityScopes.stage));
  return rows.map((r) => ({ stage: r.stage, stageName: stageName(r.stage) }));
}

export async function scopeSubjects(ctx: AppContext, activityId: string, stage?: number) {
  const rows = await ctx.db.orm
    .selectDistinct({ stage: activityScopes.stage, subjectCode: activityScopes.subjectCode })
    .from(activityScopes)
    .where(and(eq(activityScopes.activityId, activityId), stage !== undefined ? eq(activityScopes.stage, stage) : undefined))
    .orderBy(asc(activityScopes.stage), asc(activityScopes.subjectCode));
  return rows.map((r) => ({ stage: r.stage, subjectCode: r.subjectCode, subjectName: subjectName(r.subjectCode) }));
}
