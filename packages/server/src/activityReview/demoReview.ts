/**
 * Seeds the works-review demo (demoReviewPlan.ts) on a first start: the activity in its audit window,
 * its people, sign-ups, claimed nodes, works with real files, every decision of their trace and the
 * quotas those decisions used; and the reviewer assignments of the demo activities. Later starts move
 * the activity's windows along by whole China days, like the other demo activities. Idempotent.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { ActivityStatus, DEFAULT_VIDEO_RULES, PackageItem, WorkReviewState, WorkSubmitStatus } from '@dscloud/sdk/activities';
import { AuditDecision, type ReviewRules } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import { insertMany } from '../db/insertMany.js';
import {
  activities,
  activityAuditPersons,
  activityReviewQuota,
  activityScopes,
  activitySignUpNodes,
  activitySignUps,
  activityWorkAudits,
  activityWorkItems,
  activityWorks,
  lessonDemoState,
  users,
} from '../db/schema.js';
import { hashPassword } from '../auth/password.js';
import { chinaDayStart } from '../lessons/lessonStats.js';
import { SEED_BANNER_PREFIX } from '../lessons/seedFiles.js';
import { DEFAULT_PACKAGE_TEMPLATE } from '../activities/activityRules.js';
import { documentsFor, DEMO_WORK_VIDEOS, seedVideo, storeAsUpload } from '../activityWorks/demoWorks.js';
import { probeVideo } from '../activityWorks/videoProbe.js';
import { teacherOrgs } from '../activityWorks/orgs.js';
import { Identity } from '../users/orgTypes.js';
import { DEMO_ORG_IDS } from '../users/demoSeed.js';
import { seedRollingActivity } from './demoRolling.js';
import { DEMO_ASSIGNMENTS, DEMO_REVIEW_ACTIVITY, DEMO_REVIEW_PEOPLE, DEMO_REVIEW_WORKS, demoScores, REVIEWER_ID, TEACHER_ID, type DemoWork } from './demoReviewPlan.js';
import { shiftDemoWindows } from '../activities/demoWindows.js';
import { publishExcellentWork } from './publishWork.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const STATE_KEY = 'activityReview';

export const DEMO_REVIEW_RULES: ReviewRules = {
  blind: false,
  reviewersPerWork: 1,
  combine: 'average',
  passScore: 60,
  quotas: { 1: 3, 2: 3 },
  rubric: [
    { key: 'design', name: '教学设计', max: 30 },
    { key: 'delivery', name: '课堂实施', max: 40 },
    { key: 'media', name: '技术质量', max: 30 },
  ],
  opinionTemplates: ['教学目标清晰，课堂实录完整，同意推荐。', '课堂实录中学生互动环节偏少，请补充后重新提交。', '教学设计缺少板书设计，请补充后重新提交。', '视频画面或声音不符合技术要求。'],
};

function activityRow(now: number) {
  return {
    id: DEMO_REVIEW_ACTIVITY,
    name: '东山市小学语文优课评审（示范）',
    description: '<h3>活动说明</h3><p>三年级上册语文优课征集已截止上传，作品正在经校级、区级、市级逐级评审，优秀作品将收录到云课堂。</p>',
    coverUrl: `${SEED_BANNER_PREFIX}banner-02-learn.jpg`,
    orgId: DEMO_ORG_IDS.city,
    activitySystem: 1,
    status: ActivityStatus.PUBLISHED,
    signUpStartAt: now - 40 * DAY,
    signUpEndAt: now - 30 * DAY,
    uploadStartAt: now - 35 * DAY,
    uploadEndAt: now - 5 * DAY,
    auditStartAt: now - 3 * DAY,
    auditEndAt: now + 30 * DAY,
    reviewLevels: [1, 2, 3] as (1 | 2 | 3)[],
    packageTemplate: DEFAULT_PACKAGE_TEMPLATE,
    rules: { nodesPerTeacher: 3, teachersPerNode: 2, allowFormatWarnings: true },
    videoRules: { ...DEFAULT_VIDEO_RULES, minDurationSeconds: 1 },
    reviewRules: DEMO_REVIEW_RULES,
    publishedAt: now - 41 * DAY,
    createdAt: now - 42 * DAY,
    updatedAt: now - 41 * DAY,
  };
}

/** The quota unit of a pass at `level`: the school, the district, the organiser. */
const unitOf = (level: number, schoolId: string, districtId: string | null) => (level === 1 ? schoolId : level === 2 ? (districtId ?? schoolId) : DEMO_ORG_IDS.city);

export async function seedDemoReview(ctx: AppContext, now = ctx.now()): Promise<void> {
  const db = ctx.db.orm;
  // Only over the demo organisations and people (a database seeded without them gets none of this).
  const present = new Set((await db.select({ id: users.id }).from(users).where(inArray(users.id, [TEACHER_ID, REVIEWER_ID]))).map((r) => r.id));
  if (present.size < 2) return;
  // Before the assignments below, which it gets too.
  await seedRollingActivity(db, now, DEMO_REVIEW_RULES);
  const [seeded] = await db.select({ anchorAt: lessonDemoState.anchorAt }).from(lessonDemoState).where(eq(lessonDemoState.key, STATE_KEY));
  if (seeded) return shiftWindows(ctx, seeded.anchorAt, now);

  const hash = await hashPassword(ctx.settings.demoPassword);
  await insertMany(
    db,
    users,
    DEMO_REVIEW_PEOPLE.map((p) => ({ ...p, identityCode: Identity.TEACHER, sex: '2', stageCode: '2', passwordHash: hash, createdAt: now - 60 * DAY })),
    { skipExisting: true },
  );
  await insertMany(db, activities, [activityRow(now)], { skipExisting: true });
  await db.insert(activityScopes).values({ activityId: DEMO_REVIEW_ACTIVITY, stage: 2, subjectCode: 213, editionId: 'ed-tongbian', bookId: 'bk-213-3a', sort: 0 });
  await seedAssignments(ctx, now);

  const teacherIds = [...new Set(DEMO_REVIEW_WORKS.map((w) => w.teacherId))];
  const people = await db.select().from(users).where(inArray(users.id, teacherIds));
  const signUpOf = new Map<string, { id: string; schoolId: string; districtId: string | null }>();
  for (const p of people) {
    const orgs = await teacherOrgs(db, p.orgId);
    const id = `su-demo-rv-${p.id.slice(-4)}`;
    await db.insert(activitySignUps).values({
      id, activityId: DEMO_REVIEW_ACTIVITY, userId: p.id, realName: p.displayName, phone: '13800000000', schoolId: orgs.schoolId,
      districtId: orgs.districtId, stage: 2, subjectCode: 213, createdAt: now - 35 * DAY, updatedAt: now - 35 * DAY,
    });
    signUpOf.set(p.id, { id, schoolId: orgs.schoolId, districtId: orgs.districtId });
  }
  const clip = ctx.files ? await seedVideo(DEMO_WORK_VIDEOS.passing) : null;
  const probe = clip ? await probeVideo(clip.length, async (start, end) => clip.subarray(start, end + 1)) : null;
  const activity = activityRow(now);
  for (const [k, work] of DEMO_REVIEW_WORKS.entries()) {
    const signUp = signUpOf.get(work.teacherId)!;
    await writeWork(ctx, work, signUp, now - (20 - k) * DAY, clip, probe, activity);
  }
  await db.execute(sql`
    INSERT INTO activity_node_occupancy (activity_id, node_id, taken)
    SELECT activity_id, node_id, count(*) FROM activity_sign_up_nodes WHERE status = 1 AND activity_id = ${DEMO_REVIEW_ACTIVITY}
    GROUP BY activity_id, node_id
    ON CONFLICT (activity_id, node_id) DO UPDATE SET taken = EXCLUDED.taken`);
  // The quotas the passes used, per level and unit.
  const used = new Map<string, number>();
  for (const work of DEMO_REVIEW_WORKS) {
    const signUp = signUpOf.get(work.teacherId)!;
    for (const [level, , , decision] of work.trace) {
      if (decision !== AuditDecision.PASS && decision !== AuditDecision.EXCELLENT) continue;
      const key = `${level}|${unitOf(level, signUp.schoolId, signUp.districtId)}`;
      used.set(key, (used.get(key) ?? 0) + 1);
    }
  }
  for (const [key, n] of used) {
    const [level, orgId] = key.split('|') as [string, string];
    await db.insert(activityReviewQuota).values({ activityId: DEMO_REVIEW_ACTIVITY, level: Number(level), orgId, used: n }).onConflictDoNothing();
  }
  await db.insert(lessonDemoState).values({ key: STATE_KEY, anchorAt: chinaDayStart(now) }).onConflictDoNothing();
}

async function seedAssignments(ctx: AppContext, now: number): Promise<void> {
  const db = ctx.db.orm;
  const existing = new Set((await db.select({ id: activities.id }).from(activities)).map((r) => r.id));
  const known = new Set((await db.select({ id: users.id }).from(users)).map((r) => r.id));
  const rows = DEMO_ASSIGNMENTS.filter(([, activityId, , userId]) => existing.has(activityId) && known.has(userId)).map(([id, activityId, level, userId, orgId, stage, subjectCode]) => ({
    id, activityId, level, userId, orgId, stage, subjectCode, finalReviewer: false, createdAt: now,
  }));
  if (rows.length) await db.insert(activityAuditPersons).values(rows).onConflictDoNothing();
}

async function writeWork(
  ctx: AppContext,
  work: DemoWork,
  signUp: { id: string; schoolId: string; districtId: string | null },
  submittedAt: number,
  clip: Buffer | null,
  probe: Awaited<ReturnType<typeof probeVideo>> | null,
  activity: ReturnType<typeof activityRow>,
): Promise<void> {
  const db = ctx.db.orm;
  const signUpNodeId = `sn-${work.id.slice(3)}`;
  await db.insert(activitySignUpNodes).values({ id: signUpNodeId, signUpId: signUp.id, activityId: DEMO_REVIEW_ACTIVITY, userId: work.teacherId, nodeId: work.nodeId, createdAt: submittedAt - DAY });
  const decisions = work.trace.length;
  const last = work.trace[decisions - 1];
  const counted = last && work.reviewState !== WorkReviewState.PENDING ? last : null;
  await db.insert(activityWorks).values({
    id: work.id, activityId: DEMO_REVIEW_ACTIVITY, signUpId: signUp.id, signUpNodeId, nodeId: work.nodeId, userId: work.teacherId, schoolId: signUp.schoolId,
    title: work.title, description: `三年级上册《${work.title}》课堂实录与教学设计。`, submitStatus: WorkSubmitStatus.SUBMITTED,
    formatReview: { passed: true, failures: [], checkedAt: submittedAt },
    reviewState: work.reviewState, reviewLevel: work.reviewLevel, stage: 2, subjectCode: 213, districtId: signUp.districtId, bookId: 'bk-213-3a',
    round: work.round, reviewScore: counted?.[4] ?? work.trace.findLast((d) => d[3] === AuditDecision.PASS)?.[4] ?? null,
    reviewedAt: decisions ? activity.auditStartAt + decisions * 6 * HOUR : null,
    submittedAt, version: 2 + decisions + (work.round - 1), createdAt: submittedAt - HOUR, updatedAt: submittedAt,
  });
  for (const [k, [level, round, reviewerId, decision, score, opinion]] of work.trace.entries()) {
    await db.insert(activityWorkAudits).values({
      id: `wa-${work.id.slice(3)}-${k + 1}`, workId: work.id, activityId: DEMO_REVIEW_ACTIVITY, level, round, workVersion: 2 + k, reviewerId, decision,
      score, scores: score === null ? {} : demoScores(score), opinion, counted: true, createdAt: activity.auditStartAt + (k + 1) * 6 * HOUR,
    });
  }
  if (!ctx.files || !clip) return;
  const video = await storeAsUpload(ctx, work.teacherId, clip, `${work.title}-课堂实录.mp4`, 'video/mp4', submittedAt);
  const items = [{ workId: work.id, item: PackageItem.VIDEO as number, fileId: video.fileId, fileName: video.fileName, fileSize: video.size, probe, sort: 0 }];
  for (const [k, d] of documentsFor(activity as never, work.title).entries()) {
    const file = await storeAsUpload(ctx, work.teacherId, d.bytes, d.fileName, 'text/plain', submittedAt);
    items.push({ workId: work.id, item: d.item, fileId: file.fileId, fileName: file.fileName, fileSize: file.size, probe: null, sort: k + 1 });
  }
  await db.insert(activityWorkItems).values(items);
  // A high-quality decision publishes the work as an excellent lesson of the catalogue (publishWork.ts),
  // which the 优秀作品 page opens: the demo's one does too.
  if (work.reviewState === WorkReviewState.EXCELLENT) {
    await db.transaction((tx) => publishExcellentWork(tx, work.id, activity.auditStartAt + decisions * 6 * HOUR));
  }
}

/** Moves the activity's windows along by the whole days since the anchor, keeping it in its audit window. */
async function shiftWindows(ctx: AppContext, anchorAt: number, now: number): Promise<void> {
  await seedAssignments(ctx, now);
  await shiftDemoWindows(ctx.db.orm, STATE_KEY, [DEMO_REVIEW_ACTIVITY], anchorAt, now);
}
