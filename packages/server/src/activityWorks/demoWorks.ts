/**
 * Demo works for a first start (docs/activities.md "Demo data"): on the uploading demo activity
 * (activities/demoSeed.ts), the demo teacher 王晓明 has a submitted work whose 1080p 25 fps H.264 clip
 * passes the activity's format review, and a draft whose 720p 30 fps clip fails it (on a third node
 * claimed here). The clips (seed/works/) and a plain-text document per other required item are stored
 * through the file service's store as the teacher's uploads and probed like any upload. Idempotent.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PackageItem, SignUpStatus, WorkReviewState, WorkSubmitStatus } from '@dscloud/sdk/activities';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { activityNodeOccupancy, activitySignUpNodes, activitySignUps, activityWorkItems, activityWorks, lessonNodes } from '../db/schema.js';
import { contentKey } from '../files/fileStore.js';
import { categoryOf } from '../files/fileInfoView.js';
import { findSeedDir } from '../lessons/seedFiles.js';
import { loadActivity, type ActivityRow } from '../activities/activityAccess.js';
import { DEMO_ACTIVITY_IDS } from '../activities/demoSeed.js';
import { itemLabel, reviewPackage } from './formatReview.js';
import { rulesOf, videoRulesOf } from './joinable.js';
import { probeVideo } from './videoProbe.js';
import { workPlacement } from '../activityReview/placement.js';

export const DEMO_WORK_VIDEOS = { passing: 'video-1080p25-h264-aac.mp4', failing: 'video-720p30-h264-aac.mp4' } as const;

interface StoredDemoFile {
  fileId: number;
  fileName: string;
  size: number;
  bytes: Buffer;
}

/** Puts the bytes in the store (once per content) and records them as the user's upload. */
export async function storeAsUpload(ctx: AppContext, userId: string, bytes: Buffer, fileName: string, mime: string, now: number): Promise<StoredDemoFile> {
  const files = ctx.files!;
  const extension = fileName.split('.').pop()!.toLowerCase();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = contentKey(sha256);
  if (!(await files.store.exists(key))) await files.store.put(key, Readable.from(bytes), bytes.length);
  const fileId = await files.repo.nextId();
  await files.repo.insertContentAndInfo(
    { sha256, md5: createHash('md5').update(bytes).digest('hex'), size: bytes.length, store: files.store.kind, storageKey: key, mime },
    { id: fileId, userId, contentSha256: sha256, fileName, extension, categoryCode: categoryOf(extension), supportSourceFlag: 0, businessCode: null },
    now,
  );
  return { fileId, fileName, size: bytes.length, bytes };
}

export async function seedVideo(name: string): Promise<Buffer> {
  const seedDir = findSeedDir();
  if (!seedDir) throw new Error('seed folder not found (SEED_DIR)');
  return readFile(path.join(seedDir, 'works', name));
}

/** A plain-text document for each other required item the template lets take text files. */
export function documentsFor(activity: ActivityRow, nodeName: string): Array<{ item: number; fileName: string; bytes: Buffer }> {
  const text = categoryOf('txt');
  return activity.packageTemplate
    .filter((t) => t.item !== PackageItem.VIDEO && t.required && (t.fileCategories.length === 0 || t.fileCategories.includes(text)))
    .map((t) => ({
      item: t.item,
      fileName: `${nodeName}-${itemLabel(t.item)}.txt`,
      bytes: Buffer.from(`《${nodeName}》${itemLabel(t.item)}（示范）\n\n一、教学目标\n二、教学重点与难点\n三、教学过程\n`, 'utf8'),
    }));
}

/** The demo teacher's node of the uploading demo activity that gets the passing work (seeded by activities/demoSeed.ts). */
export const DEMO_PASSING_NODE = 'sn-demo-upload-t1-1';
/** A third node the demo teacher claims here for the failing draft (the activity allows three per teacher). */
export const DEMO_FAILING_CLAIM = { signUpNodeId: 'sn-demo-upload-t1-3', nodeId: 'bk-213-3a-01-03' } as const;

/** Stores the clip and the text documents as the teacher's uploads and writes the work with its review. */
async function writeWork(ctx: AppContext, activity: ActivityRow, claim: ClaimRow, passing: boolean, now: number): Promise<string> {
  const db = ctx.db.orm;
  const [node] = await db.select({ name: lessonNodes.name }).from(lessonNodes).where(eq(lessonNodes.id, claim.nodeId));
  const name = node?.name ?? claim.nodeId;
  const clip = await seedVideo(passing ? DEMO_WORK_VIDEOS.passing : DEMO_WORK_VIDEOS.failing);
  const video = await storeAsUpload(ctx, claim.userId, clip, `${name}-课堂实录.mp4`, 'video/mp4', now);
  const probe = await probeVideo(video.size, async (start, end) => video.bytes.subarray(start, end + 1));
  const docs = [];
  for (const d of documentsFor(activity, name)) docs.push({ item: d.item, file: await storeAsUpload(ctx, claim.userId, d.bytes, d.fileName, 'text/plain', now) });
  const review = reviewPackage(
    activity.packageTemplate,
    [{ item: PackageItem.VIDEO, fileName: video.fileName, probe }, ...docs.map((d) => ({ item: d.item, fileName: d.file.fileName, probe: null }))],
    videoRulesOf(activity),
    rulesOf(activity).allowFormatWarnings,
    now,
  );
  const submit = passing && review.passed;
  const [signUp] = await db.select({ schoolId: activitySignUps.schoolId }).from(activitySignUps).where(eq(activitySignUps.id, claim.signUpId));
  const id = newId('aw');
  await db.insert(activityWorks).values({
    id,
    activityId: activity.id,
    signUpId: claim.signUpId,
    signUpNodeId: claim.id,
    nodeId: claim.nodeId,
    userId: claim.userId,
    schoolId: signUp!.schoolId,
    ...(await workPlacement(db, claim.signUpId, claim.nodeId)),
    title: `${name}（示范作品）`,
    description: submit ? '课堂实录符合活动的技术要求，已提交评审。' : '课堂实录不符合活动的技术要求（见形式审查），尚未提交。',
    submitStatus: submit ? WorkSubmitStatus.SUBMITTED : WorkSubmitStatus.DRAFT,
    formatReview: review,
    reviewState: submit ? WorkReviewState.PENDING : WorkReviewState.NONE,
    reviewLevel: submit ? (activity.reviewLevels[0] ?? null) : null,
    submittedAt: submit ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(activityWorkItems).values([
    { workId: id, item: PackageItem.VIDEO, fileId: video.fileId, fileName: video.fileName, fileSize: video.size, probe, sort: 0 },
    ...docs.map((d, k) => ({ workId: id, item: d.item, fileId: d.file.fileId, fileName: d.file.fileName, fileSize: d.file.size, probe: null, sort: k + 1 })),
  ]);
  return id;
}

type ClaimRow = typeof activitySignUpNodes.$inferSelect;

async function claimRow(ctx: AppContext, id: string): Promise<ClaimRow | null> {
  const [row] = await ctx.db.orm.select().from(activitySignUpNodes).where(eq(activitySignUpNodes.id, id));
  return row ?? null;
}

async function hasWork(ctx: AppContext, signUpNodeId: string): Promise<boolean> {
  return (await ctx.db.orm.select({ id: activityWorks.id }).from(activityWorks).where(eq(activityWorks.signUpNodeId, signUpNodeId)).limit(1)).length > 0;
}

export interface DemoWorksResult {
  passingWorkId: string | null;
  failingWorkId: string | null;
}

/**
 * On the uploading demo activity: the passing work on the demo teacher's first node, and a third node
 * claimed (occupancy counted) for the failing draft. Each part is skipped when already there, or when
 * the demo activity or sign-up is missing.
 */
export async function seedDemoWorks(ctx: AppContext, now = ctx.now()): Promise<DemoWorksResult> {
  const db = ctx.db.orm;
  const result: DemoWorksResult = { passingWorkId: null, failingWorkId: null };
  const activity = await loadActivity(db, DEMO_ACTIVITY_IDS.upload).catch(() => null);
  const first = await claimRow(ctx, DEMO_PASSING_NODE);
  if (!activity || !first) return result;
  if (!(await hasWork(ctx, first.id))) result.passingWorkId = await writeWork(ctx, activity, first, true, now);
  let third = await claimRow(ctx, DEMO_FAILING_CLAIM.signUpNodeId);
  if (!third) {
    await db.transaction(async (tx) => {
      await tx.insert(activitySignUpNodes).values({
        id: DEMO_FAILING_CLAIM.signUpNodeId,
        signUpId: first.signUpId,
        activityId: activity.id,
        userId: first.userId,
        nodeId: DEMO_FAILING_CLAIM.nodeId,
        status: SignUpStatus.ACTIVE,
        createdAt: first.createdAt + 1,
      });
      await tx.insert(activityNodeOccupancy).values({ activityId: activity.id, nodeId: DEMO_FAILING_CLAIM.nodeId, taken: 0 }).onConflictDoNothing();
      await tx.execute(sql`UPDATE activity_node_occupancy SET taken = taken + 1 WHERE activity_id = ${activity.id} AND node_id = ${DEMO_FAILING_CLAIM.nodeId}`);
    });
    third = await claimRow(ctx, DEMO_FAILING_CLAIM.signUpNodeId);
  }
  if (third && third.status === SignUpStatus.ACTIVE && !(await hasWork(ctx, third.id))) result.failingWorkId = await writeWork(ctx, activity, third, false, now + 1);
  return result;
}
