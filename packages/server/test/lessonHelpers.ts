/** Shared helpers of the cloud-lesson tests: a valid lesson body and shortcuts over the harness. */
import type { Harness } from './harness.js';

export const VIDEO = '/static/seed/media/lesson-shuxue-tuxing.mp4';

export interface LessonBody {
  [key: string]: unknown;
}

/** A valid on-demand primary maths lesson (grade 3, first chapter of book bk-214-3a). */
export async function lessonBody(h: Harness, overrides: LessonBody = {}): Promise<LessonBody> {
  const [node] = await h.query<{ id: string }>(`SELECT id FROM lesson_nodes WHERE book_id = 'bk-214-3a' ORDER BY path LIMIT 1`);
  return {
    title: '测试课程 认识分数',
    stage: 2,
    subjectCode: 214,
    grade: 3,
    bookId: 'bk-214-3a',
    chapterNodeId: node!.id,
    resources: [{ title: '第一段', url: VIDEO, durationSeconds: 10, captionUrl: '/static/seed/media/lesson-shuxue-tuxing.zh.vtt' }],
    ...overrides,
  };
}

export async function createLesson(h: Harness, token: string, overrides: LessonBody = {}): Promise<any> {
  const answer = await h.call('POST', '/cloudSchool/v1/cloudLesson/save', { token, body: await lessonBody(h, overrides) });
  if (answer.status !== 200) throw new Error(`save failed: ${answer.status} ${answer.message}`);
  return answer.data;
}

export async function publish(h: Harness, adminToken: string, lessonIds: string[]): Promise<void> {
  const answer = await h.call('POST', '/cloudSchool/v1/cloudLesson/publishLesson', { token: adminToken, body: { lessonIds } });
  if (answer.status !== 200) throw new Error(`publish failed: ${answer.status} ${answer.message}`);
}

export const count = async (h: Harness, sqlText: string, params: unknown[] = []): Promise<number> =>
  Number((await h.query<{ n: number | string }>(sqlText, params))[0]!.n);
