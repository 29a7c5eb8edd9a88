/**
 * Demo works for a first start (docs/activities.md "Demo data"): on a demo activity in its upload
 * window, the demo teacher (王晓明) signs up, claims two leaves of the scope and has two works — one
 * submitted with a real 1080p H.264 clip that passes the activity's format review, one draft with a
 * 720p 30 fps clip that fails it. The clips (seed/works/) are stored through the file service's store
 * as the teacher's uploads, and probed like any upload. Idempotent: nothing happens when the teacher
 * has already signed up for the activity.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PackageItem, SignUpStatus, WorkReviewState, WorkSubmitStatus } from '@dscloud/sdk/activities';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { activityNodeOccupancy, activitySignUpNodes, activityWorkItems, activityWorks } from '../db/schema.js';
import { contentKey } from '../files/fileStore.js';
import { categoryOf } from '../files/fileInfoView.js';
import { findSeedDir } from '../lessons/seedFiles.js';
import { DEMO_ACCOUNTS } from '../users/demoSeed.js';
import { loadActivity, type ActivityRow } from '../activities/activityAccess.js';
import { itemLabel, reviewPackage } from './formatReview.js';
import { rulesOf, videoRulesOf } from './joinable.js';
import { teacherOrgs } from './orgs.js';
import { scopeNodes, type ScopeNodeRow } from './scopeNodes.js';
import { saveSignUp, signUpOf } from './signUpRepo.js';
import { probeVideo } from './videoProbe.js';

export const DEMO_WORK_VIDEOS = { passing: 'video-1080p25-h264-aac.mp4', failing: 'video-720p30-h264-aac.mp4' } as const;

interface StoredDemoFile {
  fileId: number;
  fileName: string;
  size: number;
  bytes: Buffer;
}

/** Puts the bytes in the store (once per content) and records them as the user's upload. */
async function storeAsUpload(ctx: AppContext, userId: string, bytes: Buffer, fileName: string, mime: string, now: number): Promise<StoredDemoFile> {
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

async function seedVideo(name: string): Promise<Buffer> {
  const seedDir = findSeedDir();
  if (!seedDir) throw new Error('seed folder not found (SEED_DIR)');
  return readFile(path.join(seedDir, 'works', name));
}

/** A plain-text document for each other required item the template lets take text files. */
function documentsFor(activity: ActivityRow, nodeName: string): Array<{ item: number; fileName: string; bytes: Buffer }> {
  const text = categoryOf('txt');
  return activity.packageTemplate
    .filter((t) => t.item !== PackageItem.VIDEO && t.required && (t.fileCategories.length === 0 || t.fileCategories.includes(text)))
    .map((t) => ({
      item: t.item,
      fileName: `${nodeName}-${itemLabel(t.item)}.txt`,
      bytes: Buffer.from(`《${nodeName}》${itemLabel(t.item)}（示范）\n\n一、教学目标\n二、教学重点与难点\n三、教学过程\n`, 'utf8'),
    }));
}

async function claim(ctx: AppContext, activity: ActivityRow, signUpId: string, userId: string, nodeId: string, now: number): Promise<string> {
  const id = newId('sn');
  const db = ctx.db.orm;
  await db.insert(activityNodeOccupancy).values({ activityId: activity.id, nodeId, taken: 0 }).onConflictDoNothing();
  await db.execute(sql`UPDATE activity_node_occupancy SET taken = taken + 1 WHERE activity_id = ${activity.id} AND node_id = ${nodeId}`);
  await db.insert(activitySignUpNodes).values({ id, signUpId, activityId: activity.id, userId, nodeId, status: SignUpStatus.ACTIVE, createdAt: now });
  return id;
}

/** The leaves, depth first (the order the tree shows them). */
function leavesInTreeOrder(nodes: readonly ScopeNodeRow[]): ScopeNodeRow[] {
  const children = new Map<string | null, ScopeNodeRow[]>();
  const ids = new Set(nodes.map((n) => n.id));
  for (const n of nodes) {
    const parent = n.parentId && ids.has(n.parentId) ? n.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), n]);
  }
  const out: ScopeNodeRow[] = [];
  const walk = (parent: string | null) => {
    for (const n of children.get(parent) ?? []) {
      if (children.has(n.id)) walk(n.id);
      else out.push(n);
    }
  };
  walk(null);
  return out;
}

export interface DemoWorksResult {
  signUpId: string;
  passingWorkId: string;
  failingWorkId: string;
}

/** Seeds the demo teacher's sign-up and two works on `activityId`; null when already there or the scope has no node. */
export async function seedDemoWorks(ctx: AppContext, activityId: string): Promise<DemoWorksResult | null> {
  const db = ctx.db.orm;
  const teacher = DEMO_ACCOUNTS.find((a) => a.username === 'teacher')!;
  if (await signUpOf(db, activityId, teacher.id)) return null;
  const activity = await loadActivity(db, activityId);
  const leaves = leavesInTreeOrder(await scopeNodes(db, activityId));
  const first = leaves[0];
  if (!first) return null;
  const pair = leaves.filter((n) => n.stage === first.stage && n.subjectCode === first.subjectCode).slice(0, 2);
  const now = ctx.now();
  const orgs = await teacherOrgs(db, teacher.orgId);
  const signUp = await saveSignUp(
    db,
    activityId,
    teacher.id,
    { realName: teacher.displayName, phone: '', schoolId: orgs.schoolId, districtId: orgs.districtId, stage: first.stage, subjectCode: first.subjectCode },
    now,
  );
  const rules = videoRulesOf(activity);
  const allow = rulesOf(activity).allowFormatWarnings;
  const works: string[] = [];
  for (const [i, node] of pair.entries()) {
    const passing = i === 0;
    const clip = await seedVideo(passing ? DEMO_WORK_VIDEOS.passing : DEMO_WORK_VIDEOS.failing);
    const video = await storeAsUpload(ctx, teacher.id, clip, `${node.name}-课堂实录.mp4`, 'video/mp4', now);
    const probe = await probeVideo(video.size, async (start, end) => video.bytes.subarray(start, end + 1));
    const docs = [];
    for (const d of documentsFor(activity, node.name)) docs.push({ item: d.item, file: await storeAsUpload(ctx, teacher.id, d.bytes, d.fileName, 'text/plain', now) });
    const review = reviewPackage(
      activity.packageTemplate,
      [{ item: PackageItem.VIDEO, fileName: video.fileName, probe }, ...docs.map((d) => ({ item: d.item, fileName: d.file.fileName, probe: null }))],
      rules,
      allow,
      now,
    );
    const submit = passing && review.passed;
    const id = newId('aw');
    await db.insert(activityWorks).values({
      id,
      activityId,
      signUpId: signUp.id,
      signUpNodeId: await claim(ctx, activity, signUp.id, teacher.id, node.id, now + i),
      nodeId: node.id,
      userId: teacher.id,
      schoolId: orgs.schoolId,
      title: `${node.name}（示范作品）`,
      description: submit ? '课堂实录符合活动的技术要求，已提交评审。' : '课堂实录不符合活动的技术要求（见形式审查），尚未提交。',
      submitStatus: submit ? WorkSubmitStatus.SUBMITTED : WorkSubmitStatus.DRAFT,
      formatReview: review,
      reviewState: submit ? WorkReviewState.PENDING : WorkReviewState.NONE,
      reviewLevel: submit ? (activity.reviewLevels[0] ?? null) : null,
      submittedAt: submit ? now : null,
      createdAt: now + i,
      updatedAt: now + i,
    });
    await db.insert(activityWorkItems).values([
      { workId: id, item: PackageItem.VIDEO, fileId: video.fileId, fileName: video.fileName, fileSize: video.size, probe, sort: 0 },
      ...docs.map((d, k) => ({ workId: id, item: d.item, fileId: d.file.fileId, fileName: d.file.fileName, fileSize: d.file.size, probe: null, sort: k + 1 })),
    ]);
    works.push(id);
  }
  return { signUpId: signUp.id, passingWorkId: works[0]!, failingWorkId: works[1] ?? works[0]! };
}
