/**
 * What the review statistics tests share: a teacher's submitted work built through the teacher's calls
 * (sign-up, claim, real uploads, save, submit), then moved through the review by writing its state.
 */
import { fileBytes } from './filesKit.js';
import type { Harness } from './harness.js';
import { fixture, signUpFor, upload, WORK } from './activityWorksKit.js';

export interface Uploads {
  video: string;
  design: string;
}

/** One video and one teaching design of the teacher, uploaded through the file service. */
export async function uploadsOf(h: Harness, token: string): Promise<Uploads> {
  return {
    video: await upload(h, token, fixture('video-1080p25-h264-aac.mp4'), '课堂实录.mp4'),
    design: await upload(h, token, fileBytes(4000, 'docx'), '教学设计.docx'),
  };
}

/** Signs the teacher up for the node, saves a work of the uploads and submits it; answers the work's id. */
export async function submittedWork(h: Harness, token: string, activityId: string, nodeId: string, title: string, files: Uploads): Promise<string> {
  const summary = await signUpFor(h, token, activityId, [nodeId]);
  const node = (summary.nodes as Array<{ nodeId: string; signUpNodeId: string }>).find((n) => n.nodeId === nodeId)!;
  const saved = await h.call('POST', `${WORK}/save`, {
    token,
    body: { signUpNodeId: node.signUpNodeId, title, items: [{ item: 1, fileId: files.video }, { item: 2, fileId: files.design }] },
  });
  if (saved.status !== 200) throw new Error(`work save failed: ${saved.status} ${saved.message}`);
  const workId = saved.data.lessonId as string;
  const sent = await h.call('PUT', `${WORK}/updateSubmitStatus?lessonId=${workId}&submitStatus=1`, { token });
  if (sent.status !== 200) throw new Error(`submit failed: ${sent.status} ${sent.message}`);
  return workId;
}

/** Puts a work where the review would have left it (state, level). */
export async function setReviewState(h: Harness, workId: string, reviewState: number, reviewLevel: number | null): Promise<void> {
  await h.query('UPDATE activity_works SET review_state = $2, review_level = $3, reviewed_at = $4 WHERE id = $1', [workId, reviewState, reviewLevel, Date.now()]);
}

export interface SeedWork {
  userId: string;
  schoolId: string;
  districtId: string;
  nodeId: string;
  title: string;
  submitStatus: number;
  reviewState?: number;
  reviewLevel?: number | null;
  /** The claimed node given up (its work withdrawn). */
  nodeCancelled?: boolean;
}

let seq = 0;
const sid = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

/** A sign-up of the teacher (stage 2 语文 213), written straight into the tables; answers its id. */
export async function seedSignUp(h: Harness, activityId: string, userId: string, schoolId: string, districtId: string, status = 1, name = '王晓明'): Promise<string> {
  const id = sid('su');
  const now = h.app.ctx.now();
  await h.query(
    `INSERT INTO activity_sign_ups (id, activity_id, user_id, real_name, phone, school_id, district_id, stage, subject_code, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, '13800000000', $5, $6, 2, 213, $7, $8, $8)`,
    [id, activityId, userId, name, schoolId, districtId, status, now],
  );
  return id;
}

/** A claimed node and its work in the given state; answers the work's id. */
export async function seedWork(h: Harness, activityId: string, signUpId: string, w: SeedWork, submittedAt: number): Promise<string> {
  const nodeRowId = sid('sn');
  const workId = sid('wk');
  const now = h.app.ctx.now();
  await h.query(`INSERT INTO activity_sign_up_nodes (id, sign_up_id, activity_id, user_id, node_id, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    nodeRowId,
    signUpId,
    activityId,
    w.userId,
    w.nodeId,
    w.nodeCancelled ? 0 : 1,
    now,
  ]);
  if (!w.nodeCancelled) {
    await h.query(
      `INSERT INTO activity_node_occupancy (activity_id, node_id, taken) VALUES ($1, $2, 1) ON CONFLICT (activity_id, node_id) DO UPDATE SET taken = activity_node_occupancy.taken + 1`,
      [activityId, w.nodeId],
    );
  }
  await h.query(
    `INSERT INTO activity_works (id, activity_id, sign_up_id, sign_up_node_id, node_id, user_id, school_id, title, submit_status, review_state, review_level,
       submitted_at, reviewed_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
    [
      workId,
      activityId,
      signUpId,
      nodeRowId,
      w.nodeId,
      w.userId,
      w.schoolId,
      w.title,
      w.submitStatus,
      w.reviewState ?? 0,
      w.reviewLevel ?? null,
      w.submitStatus === 0 ? null : submittedAt,
      w.reviewState && w.reviewState >= 2 ? submittedAt + 3_600_000 : null,
      now,
    ],
  );
  return workId;
}

/** A reviewer's assignment. */
export async function seedAssignment(h: Harness, activityId: string, userId: string, level: number, orgId: string): Promise<void> {
  await h.query(
    `INSERT INTO activity_audit_persons (id, activity_id, level, user_id, org_id, stage, subject_code, created_at) VALUES ($1, $2, $3, $4, $5, 2, 213, $6)`,
    [sid('ap'), activityId, level, userId, orgId, h.app.ctx.now()],
  );
}

/** A decision in the trace. */
export async function seedDecision(h: Harness, activityId: string, workId: string, reviewerId: string, level: number, decision: number, at: number, counted = true): Promise<void> {
  await h.query(
    `INSERT INTO activity_work_audits (id, work_id, activity_id, level, round, work_version, reviewer_id, decision, score, opinion, counted, created_at)
     VALUES ($1, $2, $3, $4, 1, 1, $5, $6, 90, '很好', $7, $8)`,
    [sid('au'), workId, activityId, level, reviewerId, decision, counted, at],
  );
}

/** Downloads a file call's answer as bytes (the .xlsx, or an envelope on refusal). */
export async function download(h: Harness, url: string, token: string, body: unknown): Promise<{ http: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(h.base + url, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' },
    body: JSON.stringify(body),
  });
  return { http: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
