/**
 * Work packages (docs/activities.md "Works"): saving drafts of real uploaded files, the automatic format
 * review on the stored videos, submit and take back, delete, withdrawal by a cancel, own works only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fileBytes } from './filesKit.js';
import { useHarness } from './harness.js';
import { seedDemoWorks } from '../src/activityWorks/demoWorks.js';
import { DAY, fixture, LEAF, makeTeachers, seedActivity, SIGN_UP, signUpFor, upload, WORK } from './activityWorksKit.js';

const h = useHarness();
let teacher: string;
let student: string;
let passing: string;
let failing: string;
let mute: string;
let design: string;
let picture: string;

beforeAll(async () => {
  [teacher, student] = (await Promise.all(['teacher', 'student'].map((u) => h.token(u)))) as [string, string];
  passing = await upload(h, teacher, fixture('video-1080p25-h264-aac.mp4'), '课堂实录.mp4');
  failing = await upload(h, teacher, fixture('video-720p30-h264-aac.mp4'), '课堂实录-720p.mp4');
  // An MPEG-4 Part 2 file without audio, named as if it were fine.
  mute = await upload(h, teacher, fixture('video-1080p25-mpeg4-mute.mp4'), '精品课-1080p-h264.mp4');
  design = await upload(h, teacher, fileBytes(4000, 'docx'), '教学设计.docx');
  picture = await upload(h, teacher, fileBytes(3000, 'png'), '板书.png');
});

/** A signed-up teacher with one claimed node of a fresh activity. */
async function claimed(token = teacher, seed: Parameters<typeof seedActivity>[1] = {}) {
  const activityId = await seedActivity(h, seed);
  const summary = await signUpFor(h, token, activityId, [LEAF[0]]);
  return { activityId, signUpId: summary.signUpId as string, signUpNodeId: summary.nodes[0].signUpNodeId as string };
}

const save = (body: Record<string, unknown>, token = teacher) => h.call('POST', `${WORK}/save`, { token, body });
const submit = (lessonId: string, submitStatus: number, token = teacher) =>
  h.call('PUT', `${WORK}/updateSubmitStatus?lessonId=${lessonId}&submitStatus=${submitStatus}`, { token });

describe('saving a work', () => {
  it('answers the same new work saved three times at once with one save and conflicts, never a server error', async () => {
    const { signUpNodeId } = await claimed();
    const body = { signUpNodeId, title: '同一作品', items: [{ item: 1, fileId: passing }, { item: 2, fileId: design }] };
    const answers = await Promise.all([save(body), save(body), save(body)]);
    expect(answers.map((a) => a.http).filter((s) => s >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((a) => a.status !== 200)) {
      expect(a.http).toBe(409);
      expect(a.status).toBe(409);
      expect(a.message).toContain('数据冲突');
    }
    const info = await h.call('GET', `${SIGN_UP}/node/info/${signUpNodeId}`, { token: teacher });
    expect(info.data.work).toMatchObject({ title: '同一作品' });
  });

  it('stores the draft with its files and the format review of the stored video', async () => {
    const { activityId, signUpNodeId } = await claimed();
    const answer = await save({ signUpNodeId, title: '  我是中国人  ', description: '第一课时', items: [{ item: 1, fileId: passing }, { item: 2, fileId: design }] });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      activityId,
      signUpNodeId,
      nodeId: LEAF[0],
      nodeName: '我是中国人',
      teacherName: '王晓明',
      schoolName: '东山市南湖区实验小学',
      title: '我是中国人',
      submitStatus: 0,
      reviewState: 0,
      reviewLevel: null,
      formatReview: { passed: true, failures: [] },
      version: 1,
    });
    expect(answer.data.items).toEqual([
      {
        item: 1,
        fileId: passing,
        fileName: '课堂实录.mp4',
        fileSize: fixture('video-1080p25-h264-aac.mp4').length,
        probe: expect.objectContaining({ container: 'mp4', videoCodec: 'h264', width: 1920, height: 1080, fps: 25, audioCodec: 'aac', audioBitrateKbps: 128 }),
      },
      { item: 2, fileId: design, fileName: '教学设计.docx', fileSize: 4000, probe: null },
    ]);
    const info = await h.call('GET', `${SIGN_UP}/node/info/${signUpNodeId}`, { token: teacher });
    expect(info.data).toMatchObject({ workId: answer.data.lessonId, work: { lessonId: answer.data.lessonId } });
  });

  it('names every failed rule of a failing video and a missing item, probing the bytes not the name', async () => {
    const { signUpNodeId } = await claimed();
    const answer = await save({ signUpNodeId, title: '720p', items: [{ item: 1, fileId: failing }] });
    expect(answer.data.formatReview.passed).toBe(false);
    expect(answer.data.formatReview.failures.map((f: { rule: string }) => f.rule)).toEqual(['required:2', 'resolution', 'fps']);
    expect(answer.data.formatReview.failures.map((f: { message: string }) => f.message)).toEqual([
      '缺少必需的材料：教学设计',
      '「课堂实录-720p.mp4」分辨率为 1280×720，要求不低于 1920×1080',
      '「课堂实录-720p.mp4」帧率为 30.00 fps，要求 25 fps',
    ]);
    const edited = await save({ lessonId: answer.data.lessonId, version: 1, signUpNodeId, title: '改名', items: [{ item: 1, fileId: mute }, { item: 2, fileId: design }] });
    expect(edited.data.version).toBe(2);
    expect(edited.data.formatReview.failures.map((f: { rule: string }) => f.rule)).toEqual(['videoCodec', 'audioCodec']);
    expect(edited.data.formatReview.failures[0].message).toBe('「精品课-1080p-h264.mp4」视频编码为 mpeg4，要求 H.264');
  });

  it('refuses bad input, naming the field', async () => {
    const { signUpNodeId } = await claimed();
    const [other] = await makeTeachers(h, 1);
    const theirs = await upload(h, other!.token, fileBytes(2000, 'docx'), '别人的.docx');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ signUpNodeId, title: '', items: [] }, 400, 'title'],
      [{ signUpNodeId, title: 'x'.repeat(101), items: [] }, 400, 'title'],
      [{ signUpNodeId, title: 't', items: [{ item: 9, fileId: design }] }, 400, 'items[0].item'],
      [{ signUpNodeId, title: 't', items: [{ item: 3, fileId: design }] }, 400, 'items[0].item'],
      [{ signUpNodeId, title: 't', items: [{ item: 1, fileId: 'abc' }] }, 400, 'items[0].fileId'],
      [{ signUpNodeId, title: 't', items: [{ item: 2, fileId: '999999999' }] }, 404, 'items[0].fileId'],
      [{ signUpNodeId, title: 't', items: [{ item: 2, fileId: theirs }] }, 403, 'items[0].fileId'],
      [{ signUpNodeId, title: 't', items: [{ item: 2, fileId: design }, { item: 1, fileId: picture }] }, 400, 'items[1].fileId'],
      [{ signUpNodeId: 'sn-unknown', title: 't', items: [] }, 404, 'signUpNodeId'],
    ];
    for (const [body, http, field] of cases) {
      const answer = await save(body);
      expect(`${JSON.stringify(body.items)} ${answer.http} ${answer.data?.field}`).toBe(`${JSON.stringify(body.items)} ${http} ${field}`);
    }
    const wrongKind = await save({ signUpNodeId, title: 't', items: [{ item: 1, fileId: picture }] });
    expect(wrongKind.message).toBe('课堂实录视频只接受视频类文件，「板书.png」是图片类文件');
    const first = await save({ signUpNodeId, title: 't', items: [] });
    const second = await save({ signUpNodeId, title: 't', items: [] });
    expect([second.http, second.message]).toEqual([409, `该节点已有作品（${first.data.lessonId}），请修改该作品`]);
    const stale = await save({ lessonId: first.data.lessonId, version: 5, signUpNodeId, title: 't', items: [] });
    expect([stale.http, stale.data?.field]).toEqual([409, 'version']);
  });

  it('is refused outside the upload window', async () => {
    const { signUpNodeId } = await claimed(teacher, { upload: [DAY, 3 * DAY] });
    const answer = await save({ signUpNodeId, title: 't', items: [] });
    expect(answer.http).toBe(409);
    expect(answer.message).toMatch(/^作品上传将于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 开始/);
  });
});

describe('submitting', () => {
  it('refuses a work failing the review with every failed rule, and submits a passing one', async () => {
    const { activityId, signUpNodeId } = await claimed();
    const work = await save({ signUpNodeId, title: '720p', items: [{ item: 1, fileId: failing }, { item: 2, fileId: design }] });
    const refused = await submit(work.data.lessonId, 1);
    expect([refused.http, refused.message]).toEqual([
      409,
      '作品未通过形式审查，不能提交：「课堂实录-720p.mp4」分辨率为 1280×720，要求不低于 1920×1080；「课堂实录-720p.mp4」帧率为 30.00 fps，要求 25 fps',
    ]);
    const fixed = await save({ lessonId: work.data.lessonId, signUpNodeId, title: '1080p', items: [{ item: 1, fileId: passing }, { item: 2, fileId: design }] });
    const submitted = await submit(fixed.data.lessonId, 1);
    expect(submitted.data).toMatchObject({ submitStatus: 1, reviewState: 1, reviewLevel: 1 });
    expect(submitted.data.submitTime).toBeGreaterThan(0);
    expect((await submit(fixed.data.lessonId, 1)).http).toBe(409);
    // A submitted work is not edited or deleted.
    expect((await save({ lessonId: fixed.data.lessonId, signUpNodeId, title: 'x', items: [] })).http).toBe(409);
    expect((await h.call('DELETE', `${WORK}/delete?lessonId=${fixed.data.lessonId}`, { token: teacher })).http).toBe(409);

    const progress = await h.call('GET', `${WORK}/getActivityReviewProgress?activityId=${activityId}`, { token: teacher });
    expect(progress.data).toEqual([
      {
        lessonId: fixed.data.lessonId,
        title: '1080p',
        nodeName: '我是中国人',
        submitStatus: 1,
        reviewState: 1,
        reviewLevel: 1,
        levels: [
          { level: 1, levelName: '校级', state: 'pending' },
          { level: 2, levelName: '区级', state: 'waiting' },
          { level: 3, levelName: '市级', state: 'waiting' },
        ],
        round: 1,
        opinion: '',
      },
    ]);
    // What the review filters by is copied onto the work at save: the sign-up's stage and subject, the district, the node's book.
    const [placed] = await h.query('SELECT stage, subject_code, district_id, book_id FROM activity_works WHERE id = $1', [fixed.data.lessonId]);
    expect(placed).toEqual({ stage: 2, subject_code: 213, district_id: '330102000000', book_id: 'bk-213-1a' });
    const subjects = await h.call('POST', `${WORK}/getActivitySubjectProgress`, { token: teacher, body: { activityId } });
    expect(subjects.data).toEqual([
      expect.objectContaining({ stage: 2, stageName: '小学', subjectCode: 213, subjectName: '语文', total: 1, draft: 0, submitted: 1, pending: 1 }),
    ]);
  });

  it('lets warnings pass only when the activity allows them', async () => {
    const strict = await claimed(teacher, { videoRules: { minAudioBitrateKbps: 192, warnings: ['audioBitrate'] } });
    const w1 = await save({ signUpNodeId: strict.signUpNodeId, title: 't', items: [{ item: 1, fileId: passing }, { item: 2, fileId: design }] });
    expect(w1.data.formatReview).toMatchObject({ passed: false, failures: [{ rule: 'audioBitrate', severity: 'warning' }] });
    expect((await submit(w1.data.lessonId, 1)).message).toContain('音频码率为 128 kbps，要求不低于 192 kbps');

    const [other] = await makeTeachers(h, 1);
    const video = await upload(h, other!.token, fixture('video-1080p25-h264-aac.mp4'), 'v.mp4');
    const doc = await upload(h, other!.token, fileBytes(1000, 'docx'), 'd.docx');
    const lenient = await claimed(other!.token, { videoRules: { minAudioBitrateKbps: 192, warnings: ['audioBitrate'] }, rules: { allowFormatWarnings: true } });
    const w2 = await save({ signUpNodeId: lenient.signUpNodeId, title: 't', items: [{ item: 1, fileId: video }, { item: 2, fileId: doc }] }, other!.token);
    expect(w2.data.formatReview).toMatchObject({ passed: true, failures: [{ rule: 'audioBitrate', severity: 'warning' }] });
    expect((await submit(w2.data.lessonId, 1, other!.token)).data.submitStatus).toBe(1);
  });

  it('takes a submitted work back while it waits at the first level, not once reviewed', async () => {
    const { signUpNodeId } = await claimed();
    const work = await save({ signUpNodeId, title: 't', items: [{ item: 1, fileId: passing }, { item: 2, fileId: design }] });
    expect((await submit(work.data.lessonId, 0)).message).toBe('作品是草稿，尚未提交');
    await submit(work.data.lessonId, 1);
    const back = await submit(work.data.lessonId, 0);
    expect(back.data).toMatchObject({ submitStatus: 0, reviewState: 0, reviewLevel: null, submitTime: null });
    await submit(work.data.lessonId, 1);
    await h.query('UPDATE activity_works SET review_level = 2 WHERE id = $1', [work.data.lessonId]);
    expect(await submit(work.data.lessonId, 0)).toMatchObject({ http: 409, message: '作品已进入评审，不能撤回' });
    for (const bad of ['2', '9', 'x']) expect((await submit(work.data.lessonId, bad as never)).http).toBe(400);
    expect((await h.call('PUT', `${WORK}/updateSubmitStatus?lessonId=${work.data.lessonId}`, { token: teacher })).data?.field).toBe('submitStatus');
  });

  it('deletes drafts only', async () => {
    const { signUpNodeId } = await claimed();
    const work = await save({ signUpNodeId, title: 't', items: [{ item: 2, fileId: design }] });
    const removed = await h.call('DELETE', `${WORK}/delete?lessonId=${work.data.lessonId}`, { token: teacher });
    expect(removed.data).toEqual({ lessonId: work.data.lessonId, deleted: true });
    expect((await h.call('DELETE', `${WORK}/delete?lessonId=${work.data.lessonId}`, { token: teacher })).http).toBe(404);
    expect((await h.query('SELECT 1 FROM activity_work_items WHERE work_id = $1', [work.data.lessonId])).length).toBe(0);
  });
});

describe('cancelling keeps works', () => {
  it('withdraws the works of a given-up node and of a cancelled sign-up, never deleting them', async () => {
    const { activityId, signUpId, signUpNodeId } = await claimed(teacher, { rules: { nodesPerTeacher: 2 } });
    const first = await save({ signUpNodeId, title: '第一件', items: [{ item: 1, fileId: passing }, { item: 2, fileId: design }] });
    await submit(first.data.lessonId, 1);
    const given = await h.call('POST', `${SIGN_UP}/node/cancel`, { token: teacher, body: { signUpNodeId } });
    expect(given.status).toBe(200);
    const info = await h.call('GET', `${SIGN_UP}/node/info/${signUpNodeId}`, { token: teacher });
    expect(info.data).toMatchObject({ status: 0, work: { lessonId: first.data.lessonId, submitStatus: 2, title: '第一件' } });
    expect(info.data.work.items).toHaveLength(2);
    expect((await submit(first.data.lessonId, 1)).http).toBe(409);
    expect((await save({ signUpNodeId, title: 'x', items: [] })).http).toBe(409);

    const again = await h.call('POST', `${SIGN_UP}/nodeSave`, { token: teacher, body: { activityId, nodeIds: [LEAF[1]] } });
    const second = await save({ signUpNodeId: again.data.nodes[0].signUpNodeId, title: '第二件', items: [] });
    await h.call('GET', `${SIGN_UP}/cancel/${signUpId}`, { token: teacher });
    const rows = await h.query<{ id: string; submit_status: number }>('SELECT id, submit_status FROM activity_works WHERE activity_id = $1 ORDER BY title', [activityId]);
    expect(rows.map((r) => [r.id, Number(r.submit_status)])).toEqual([
      [first.data.lessonId, 2],
      [second.data.lessonId, 2],
    ]);
    const subjects = await h.call('POST', `${WORK}/getActivitySubjectProgress`, { token: teacher, body: { activityId } });
    expect(subjects.data[0]).toMatchObject({ total: 2, withdrawn: 2 });
  });
});

describe('own works only', () => {
  it('answers 403 for another teacher’s work, 404 for an unknown one, and 4030001 for students', async () => {
    const [other] = await makeTeachers(h, 1);
    const { signUpNodeId, activityId } = await claimed(other!.token);
    const theirs = await save({ signUpNodeId, title: '别人的作品', items: [] }, other!.token);
    const attempts = [
      await save({ lessonId: theirs.data.lessonId, signUpNodeId, title: '改', items: [] }),
      await submit(theirs.data.lessonId, 1),
      await h.call('DELETE', `${WORK}/delete?lessonId=${theirs.data.lessonId}`, { token: teacher }),
      await h.call('GET', `${SIGN_UP}/node/info/${signUpNodeId}`, { token: teacher }),
    ];
    for (const a of attempts) expect([a.http, a.message]).toEqual([403, '只能操作本人的报名和作品']);
    expect((await submit('aw-unknown', 1)).http).toBe(404);
    expect((await h.call('GET', `${WORK}/getActivityReviewProgress?activityId=${activityId}`, { token: teacher })).data).toEqual([]);
    const again = await h.call('GET', `${SIGN_UP}/node/info/${signUpNodeId}`, { token: other!.token });
    expect(again.data.work).toMatchObject({ title: '别人的作品', submitStatus: 0 });
    for (const [method, url, body] of [
      ['POST', `${WORK}/save`, { signUpNodeId, title: 't', items: [] }],
      ['PUT', `${WORK}/updateSubmitStatus?lessonId=${theirs.data.lessonId}&submitStatus=1`, undefined],
      ['DELETE', `${WORK}/delete?lessonId=${theirs.data.lessonId}`, undefined],
      ['GET', `${WORK}/getActivityReviewProgress?activityId=${activityId}`, undefined],
      ['POST', `${WORK}/getActivitySubjectProgress`, { activityId }],
    ] as const) {
      const answer = await h.call(method, url, { token: student, body });
      expect(`${url} ${answer.status}`).toBe(`${url} 4030001`);
    }
  });
});

describe('demo works', () => {
  it('gives the demo teacher a submitted work that passes the review and a draft that fails it, once', async () => {
    // Seeded at the server's start (SEED_DEMO) on the uploading demo activity.
    expect(await seedDemoWorks(h.app.ctx)).toEqual({ passingWorkId: null, failingWorkId: null });
    const activityId = 'ac-demo-upload';
    const progress = await h.call('GET', `${WORK}/getActivityReviewProgress?activityId=${activityId}`, { token: teacher });
    const demo = progress.data.filter((w: { title: string }) => w.title.endsWith('（示范作品）'));
    expect(demo.map((w: { submitStatus: number; nodeName: string }) => [w.nodeName, w.submitStatus])).toEqual([
      ['1 大青树下的小学', 1],
      ['3 不懂就要问', 0],
    ]);
    const tree = await h.call('POST', `${SIGN_UP}/nodeTree`, { token: teacher, body: { activityId, bookId: 'bk-213-3a' } });
    const third = tree.data[0].children.find((n: { nodeId: string }) => n.nodeId === 'bk-213-3a-01-03');
    expect(third).toMatchObject({ mine: true, taken: 1 });
    const info = async (signUpNodeId: string) => (await h.call('GET', `${SIGN_UP}/node/info/${signUpNodeId}`, { token: teacher })).data.work;
    const passing = await info('sn-demo-upload-t1-1');
    expect(passing).toMatchObject({ lessonId: demo[0].lessonId, submitStatus: 1, reviewState: 1, formatReview: { passed: true } });
    expect(passing.formatReview.failures.every((f: { severity: string }) => f.severity === 'warning')).toBe(true);
    expect(passing.items[0].probe).toMatchObject({ videoCodec: 'h264', width: 1920, height: 1080, fps: 25 });
    const failing = await info('sn-demo-upload-t1-3');
    expect(failing.formatReview.failures.filter((f: { severity: string }) => f.severity === 'error').map((f: { rule: string }) => f.rule)).toEqual(['resolution', 'fps']);
    expect((await submit(failing.lessonId, 1)).message).toContain('帧率为 30.00 fps，要求 25 fps');
    // The clip is a real stored upload of the teacher: it downloads.
    const res = await fetch(`${h.base}/file/v1/file/download/${passing.items[0].fileId}`, { headers: { authorization: teacher } });
    expect([res.status, Buffer.from(await res.arrayBuffer()).equals(fixture('video-1080p25-h264-aac.mp4'))]).toEqual([200, true]);
  });
});
