/**
 * The rules of signing up (docs/activities.md "Sign-up"): who, when, which stage and subject, which
 * nodes, and giving nodes or the whole sign-up up. Routes (signUpRoutes.ts) only parse and answer.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { SignUpStatus, type SignUpSummary, type SignUpUserInfo } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { activityScopes, activitySignUpNodes, teacherInfos } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import type { AuthUser } from '../http/guard.js';
import { assertOwn, isEligible } from '../activities/activityAccess.js';
import { joinableActivity, publishedActivity, rulesOf } from './joinable.js';
import { teacherOrgs } from './orgs.js';
import { nodesInScope } from './scopeNodes.js';
import { activeNodeCount, cancelNode, cancelSignUp, claimNodes, saveSignUp, signUpById, signUpNodeById, signUpOf } from './signUpRepo.js';
import { toSignUpSummary, type SignUpRow } from '../activities/signUpView.js';
import { assertBeforeReview, assertWindowOpen } from './windows.js';

export interface SignUpInput {
  activityId: string;
  realName: string;
  phone?: string;
  stage: number;
  subjectCode: number;
}

export type UserInfo = SignUpUserInfo;

/** The sign-up form's prefill: the existing sign-up, else the account and its teacher introduction. */
export async function userInfo(ctx: AppContext, auth: AuthUser, activityId: string): Promise<UserInfo> {
  const db = ctx.db.orm;
  const row = await publishedActivity(db, activityId);
  const orgs = await teacherOrgs(db, auth.user.orgId);
  const eligible = await isEligible(db, row, auth);
  const existing = await signUpOf(db, activityId, auth.user.id);
  const [info] = await db.select().from(teacherInfos).where(eq(teacherInfos.userId, auth.user.id)).limit(1);
  const stage = existing?.stage ?? info?.stage ?? (auth.user.stageCode ? Number(auth.user.stageCode) : null);
  return {
    realName: existing?.realName ?? info?.name ?? auth.user.displayName,
    phone: existing?.phone ?? '',
    ...orgs,
    stage: Number.isFinite(stage) ? stage : null,
    subjectCode: existing?.subjectCode ?? info?.subjectCodes[0] ?? null,
    eligible,
    ...(eligible ? {} : { reason: '您所在的学校不在该活动的范围内' }),
  };
}

export async function signUp(ctx: AppContext, auth: AuthUser, input: SignUpInput): Promise<SignUpSummary> {
  const db = ctx.db.orm;
  const row = await joinableActivity(db, input.activityId, auth);
  assertWindowOpen(row, 'signUp', ctx.now());
  const scoped = await db
    .select({ stage: activityScopes.stage })
    .from(activityScopes)
    .where(and(eq(activityScopes.activityId, row.id), eq(activityScopes.stage, input.stage), eq(activityScopes.subjectCode, input.subjectCode)))
    .limit(1);
  if (scoped.length === 0) throw new AppError(Codes.MISSING_PARAMETER, '所选学段、学科不在该活动的征集范围内', { field: 'subjectCode' });
  const existing = await signUpOf(db, row.id, auth.user.id);
  if (existing && existing.status === SignUpStatus.ACTIVE && (existing.stage !== input.stage || existing.subjectCode !== input.subjectCode)) {
    if ((await activeNodeCount(db, existing.id)) > 0) {
      throw new AppError(Codes.CONFLICT, '您已按原学段、学科认领了节点，请先取消认领再更改学段、学科', { field: 'subjectCode' });
    }
  }
  const orgs = await teacherOrgs(db, auth.user.orgId);
  const saved = await saveSignUp(
    db,
    row.id,
    auth.user.id,
    { realName: input.realName.trim(), phone: input.phone?.trim() ?? '', schoolId: orgs.schoolId, districtId: orgs.districtId, stage: input.stage, subjectCode: input.subjectCode },
    ctx.now(),
  );
  return toSignUpSummary(db, saved);
}

/** The caller's own sign-up of the activity, active; 409 when they have not signed up (or cancelled). */
async function activeSignUp(ctx: AppContext, auth: AuthUser, activityId: string): Promise<SignUpRow> {
  const mine = await signUpOf(ctx.db.orm, activityId, auth.user.id);
  if (!mine || mine.status !== SignUpStatus.ACTIVE) throw new AppError(Codes.CONFLICT, '请先报名该活动，再认领节点', { field: 'activityId' });
  return mine;
}

export async function saveNodes(ctx: AppContext, auth: AuthUser, activityId: string, nodeIds: string[]): Promise<SignUpSummary> {
  const db = ctx.db.orm;
  const row = await joinableActivity(db, activityId, auth);
  assertWindowOpen(row, 'signUp', ctx.now());
  const mine = await activeSignUp(ctx, auth, activityId);
  const wanted = [...new Set(nodeIds)];
  const found = await nodesInScope(db, activityId, wanted);
  wanted.forEach((id, i) => {
    const node = found.get(id);
    if (!node) throw new AppError(Codes.MISSING_PARAMETER, `节点 ${id} 不在该活动的征集范围内`, { field: `nodeIds[${i}]` });
    if (!node.leaf) throw new AppError(Codes.MISSING_PARAMETER, `「${node.name}」下还有小节，请认领最末一级的节点`, { field: `nodeIds[${i}]` });
    if (node.stage !== mine.stage || node.subjectCode !== mine.subjectCode) {
      throw new AppError(Codes.MISSING_PARAMETER, `「${node.name}」不属于您报名的学段、学科`, { field: `nodeIds[${i}]` });
    }
  });
  const held = await db
    .select({ nodeId: activitySignUpNodes.nodeId })
    .from(activitySignUpNodes)
    .where(and(eq(activitySignUpNodes.signUpId, mine.id), eq(activitySignUpNodes.status, SignUpStatus.ACTIVE), inArray(activitySignUpNodes.nodeId, wanted)));
  const already = new Set(held.map((h) => h.nodeId));
  const rules = rulesOf(row);
  const fresh = wanted.filter((id) => !already.has(id)).map((id) => ({ id, name: found.get(id)!.name }));
  if (fresh.length > 0) {
    await claimNodes(db, { signUp: mine, nodes: fresh, teachersPerNode: rules.teachersPerNode, nodesPerTeacher: rules.nodesPerTeacher, now: ctx.now() });
  }
  return toSignUpSummary(db, mine);
}

/** A claimed node, the caller's own (404 unknown, 403 another teacher's). */
export async function ownNode(ctx: AppContext, auth: AuthUser, signUpNodeId: string) {
  const node = await signUpNodeById(ctx.db.orm, signUpNodeId);
  if (!node) throw new AppError(Codes.NOT_FOUND, '认领记录不存在', { field: 'signUpNodeId' });
  assertOwn(node.userId, auth);
  return node;
}

export async function giveUpNode(ctx: AppContext, auth: AuthUser, signUpNodeId: string): Promise<SignUpSummary> {
  const db = ctx.db.orm;
  const node = await ownNode(ctx, auth, signUpNodeId);
  assertBeforeReview(await publishedActivity(db, node.activityId), ctx.now());
  if (!(await cancelNode(db, node.id, ctx.now()))) throw new AppError(Codes.CONFLICT, '该节点已取消认领', { field: 'signUpNodeId' });
  return toSignUpSummary(db, (await signUpById(db, node.signUpId))!);
}

export async function withdrawSignUp(ctx: AppContext, auth: AuthUser, signUpId: string): Promise<SignUpSummary> {
  const db = ctx.db.orm;
  const row = await signUpById(db, signUpId);
  if (!row) throw new AppError(Codes.NOT_FOUND, '报名记录不存在', { field: 'signUpId' });
  assertOwn(row.userId, auth);
  assertBeforeReview(await publishedActivity(db, row.activityId), ctx.now());
  if (!(await cancelSignUp(db, row.id, ctx.now()))) throw new AppError(Codes.CONFLICT, '该报名已取消', { field: 'signUpId' });
  return toSignUpSummary(db, (await signUpById(db, signUpId))!);
}
