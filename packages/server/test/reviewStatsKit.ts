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
