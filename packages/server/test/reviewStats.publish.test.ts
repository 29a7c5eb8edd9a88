/**
 * A high-quality work becomes a published lesson of the catalogue (docs/api.md "Review statistics and
 * high-quality works"): it shows in the public lesson list with the excellent flag, once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { LEAF, seedActivity } from './activityWorksKit.js';
import { publishExcellentWork } from '../src/activityReview/publishWork.js';
import { setReviewState, submittedWork, uploadsOf, type Uploads } from './reviewStatsKit.js';

const h = useHarness();
let teacher: string;
let files: Uploads;

beforeAll(async () => {
  teacher = await h.token('teacher');
  files = await uploadsOf(h, teacher);
});

const onDemand = (keyword: string) => h.call('POST', '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { body: { keyword, pageNum: 1, pageSize: 10 } });

describe('publishExcellentWork', () => {
  it('publishes the work as an excellent lesson that the public lesson list shows, with its video', async () => {
    const activityId = await seedActivity(h);
    const workId = await submittedWork(h, teacher, activityId, LEAF[0], '我是中国人（优秀课例）', files);
    await setReviewState(h, workId, 5, 3);
    expect(await h.query("SELECT id FROM lessons WHERE title = '我是中国人（优秀课例）'")).toEqual([]);

    const lessonId = await h.app.ctx.db.orm.transaction((tx) => publishExcellentWork(tx, workId, h.app.ctx.now()));

    const [work] = await h.query<{ published_lesson_id: string }>('SELECT published_lesson_id FROM activity_works WHERE id = $1', [workId]);
    expect(work!.published_lesson_id).toBe(lessonId);
    const list = await onDemand('我是中国人（优秀课例）');
    expect(list.data.total).toBe(1);
    expect(list.data.rows[0]).toMatchObject({
      lessonId,
      title: '我是中国人（优秀课例）',
      excellentFlag: 1,
      teacherName: '王晓明',
      schoolName: '东山市南湖区实验小学',
      stage: 2,
      subjectCode: 213,
      bookId: 'bk-213-1a',
      chapterNodeId: LEAF[0],
    });
    const detail = await h.call('GET', `/cloudSchool/v1/cloudLesson/getById?lessonId=${lessonId}`);
    expect(detail.status).toBe(200);
    expect(detail.data.resources).toHaveLength(1);
    expect(detail.data.resources[0]).toMatchObject({ title: '课堂实录', fileInfoId: files.video });
  });

  it('is idempotent: a second call answers the same lesson and adds none', async () => {
    const activityId = await seedActivity(h);
    const workId = await submittedWork(h, teacher, activityId, LEAF[1], '两次发布的优秀作品', files);
    await setReviewState(h, workId, 5, 3);
    const db = h.app.ctx.db.orm;
    const first = await db.transaction((tx) => publishExcellentWork(tx, workId, h.app.ctx.now()));
    const second = await db.transaction((tx) => publishExcellentWork(tx, workId, h.app.ctx.now()));
    expect(second).toBe(first);
    const rows = await h.query<{ n: number }>("SELECT count(*)::int AS n FROM lessons WHERE title = '两次发布的优秀作品'");
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses an unknown work with 404 and writes nothing', async () => {
    const db = h.app.ctx.db.orm;
    await expect(db.transaction((tx) => publishExcellentWork(tx, 'no-such-work', h.app.ctx.now()))).rejects.toMatchObject({ status: 404 });
  });
});

describe('activityWork/getHighQualityWorkDocuments (public)', () => {
  const documents = (query: string) => h.call('GET', `/cloudSchool/v1/activityWork/getHighQualityWorkDocuments?${query}`);

  it('a visitor gets the documents of a high-quality work with signed links that download them', async () => {
    const activityId = await seedActivity(h);
    const workId = await submittedWork(h, teacher, activityId, LEAF[2], '公开优秀作品的材料', files);
    await setReviewState(h, workId, 5, 3);
    const lessonId = await h.app.ctx.db.orm.transaction((tx) => publishExcellentWork(tx, workId, h.app.ctx.now()));

    const answer = await documents(`lessonId=${lessonId}`);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ workId, lessonId, title: '公开优秀作品的材料' });
    // The video plays in the lesson player: only the documents are listed.
    expect(answer.data.items).toEqual([expect.objectContaining({ item: 2, fileId: files.design, fileName: '教学设计.docx', fileSize: 4000 })]);
    const file = await fetch(new URL(answer.data.items[0].url, h.base));
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(4000);
    expect((await documents(`workId=${workId}`)).data.items).toHaveLength(1);
  });

  it('refuses every other work: 403 when it is not a public high-quality work, 404 when unknown', async () => {
    const activityId = await seedActivity(h);
    const pending = await submittedWork(h, teacher, activityId, LEAF[3], '评审中的作品', files);
    await setReviewState(h, pending, 1, 2);
    const refused = await documents(`workId=${pending}`);
    expect([refused.http, refused.message, refused.data?.field]).toEqual([403, '该作品不是公开的优秀作品', 'workId']);

    // Marked high-quality, but its activity was withdrawn from publication.
    const withdrawn = await seedActivity(h);
    const hidden = await submittedWork(h, teacher, withdrawn, LEAF[4], '下架活动的优秀作品', files);
    await setReviewState(h, hidden, 5, 3);
    await h.query('UPDATE activities SET status = 2 WHERE id = $1', [withdrawn]);
    expect((await documents(`workId=${hidden}`)).http).toBe(403);

    expect((await documents('lessonId=ls-unknown')).http).toBe(404);
    const none = await documents('');
    expect([none.http, none.data?.field]).toEqual([400, 'lessonId']);
  });
});
