/**
 * 视频处理 as the teacher's screens read it (`getVideoStates`) and 重试 (`retryVideo`), on a server that
 * queues uploads and leaves the encoding to other instances (TRANSCODE_CONCURRENCY=0): the tests move
 * the real queue as a worker would (claim, heartbeat, fail), so no ffmpeg runs here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { uploadWhole } from './filesKit.js';
import { createLesson } from './lessonHelpers.js';

const CHUNK = 256 * 1024;
const STATES = '/cloudSchool/v1/cloudLesson/getVideoStates';
const RETRY = '/cloudSchool/v1/cloudLesson/retryVideo';
/** Bytes a sniffer takes for MP4 (nothing decodes them here). */
const mp4 = (fill: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4096, fill)]);

describe('视频处理 of a lesson on a server that queues uploads', () => {
  let h: Harness;
  let teacher: string;
  let lessonId: string;
  let resources: { resourceId: string; title: string }[];
  let shas: string[];

  beforeAll(async () => {
    h = await startHarness({ settings: { video: { transcode: true, concurrency: 0 } } });
    teacher = await h.token('teacher');
    const uploads = [];
    for (const [i, name] of ['导入.mp4', '新授.mov'].entries()) {
      const answer = await uploadWhole(h, teacher, mp4(i + 1), name, CHUNK);
      expect(answer.status, answer.message).toBe(200);
      uploads.push(String(answer.data.fileInfoId));
    }
    const lesson = await createLesson(h, teacher, {
      resources: [
        { title: '导入', fileInfoId: uploads[0], durationSeconds: 60 },
        { title: '新授', fileInfoId: uploads[1], durationSeconds: 60 },
      ],
    });
    lessonId = lesson.lessonId;
    resources = lesson.resources.map((r: { resourceId: string; title: string }) => ({ resourceId: r.resourceId, title: r.title }));
    shas = [];
    for (const id of uploads) shas.push((await h.query<{ sha: string }>('SELECT content_sha256 AS sha FROM file_infos WHERE id = $1', [Number(id)]))[0]!.sha);
  }, 180_000);
  afterAll(() => h?.close());

  const states = async (token: string, headers: Record<string, string> = {}) => h.call<any>('POST', STATES, { token, body: { lessonIds: [lessonId] }, headers });
  const video = async (title: string) => (await states(teacher)).data.lessons[0].videos.find((v: { title: string }) => v.title === title);

  it('tells clients in the file config that videos are transcoded, so a lesson takes the common formats', async () => {
    const config = await h.call<any>('GET', '/file/v1/file/config');
    expect(config.data.videoTranscode).toBe(true);
    expect(config.data.uploadExtensions.split(',')).toEqual(expect.arrayContaining(['mp4', 'mov', 'avi', 'wmv', 'flv', 'mkv', 'webm', 'ts', 'mts', 'm2ts', '3gp']));
  });

  it('names each video queued once uploaded, in the lesson order', async () => {
    const answer = await states(teacher);
    expect(answer.status, answer.message).toBe(200);
    expect(answer.data).toMatchObject({ transcoding: true, reason: '' });
    expect(answer.data.lessons).toEqual([
      {
        lessonId,
        videos: resources.map((r) => expect.objectContaining({ resourceId: r.resourceId, title: r.title, state: 'queued', progress: 0, etaSeconds: null, error: '' })),
      },
    ]);
  });

  it('shows the progress and the time left of a running pass, and the reason of a failed one in the caller’s language', async () => {
    const jobs = h.app.ctx.files!.videos.jobs;
    const first = (await jobs.claim('elsewhere-1', 60_000))!;
    expect(await jobs.heartbeat(first.contentSha256, 'elsewhere-1', 60_000, 0.42, 180)).toBe('ok');
    const running = await video(first.contentSha256 === shas[0] ? '导入' : '新授');
    expect(running).toMatchObject({ state: 'running', progress: 42, etaSeconds: 180 });

    const second = (await jobs.claim('elsewhere-2', 60_000))!;
    expect(await jobs.fail(second.contentSha256, 'elsewhere-2', { zh: '无法读取视频：文件已损坏', en: 'cannot read the video: the file is damaged' }, false)).toBe('failed');
    const title = second.contentSha256 === shas[0] ? '导入' : '新授';
    expect(await video(title)).toMatchObject({ state: 'failed', error: '无法读取视频：文件已损坏', etaSeconds: null });
    const english = (await states(teacher, { 'accept-language': 'en' })).data.lessons[0].videos.find((v: { title: string }) => v.title === title);
    expect(english.error).toBe('cannot read the video: the file is damaged');
  });

  it('重试 queues a failed video again, and refuses one that is on its way with its name', async () => {
    const failed = (await states(teacher)).data.lessons[0].videos.find((v: { state: string }) => v.state === 'failed');
    const again = await h.call<any>('POST', RETRY, { token: teacher, body: { lessonId, resourceId: failed.resourceId } });
    expect(again.status, again.message).toBe(200);
    expect(again.data).toMatchObject({ resourceId: failed.resourceId, state: 'queued', progress: 0, error: '' });
    const twice = await h.call('POST', RETRY, { token: teacher, body: { lessonId, resourceId: failed.resourceId } });
    expect([twice.status, twice.message]).toEqual([4090501, `视频《${failed.title}》正在排队或转码中，不需要重试`]);
    const unknown = await h.call('POST', RETRY, { token: teacher, body: { lessonId, resourceId: '999999999' } });
    expect([unknown.status, unknown.message]).toEqual([4040501, '课程中没有这个视频（resourceId 999999999）']);
  });

  it('answers the lesson to an administrator, leaves it out for another teacher, and refuses a student', async () => {
    expect((await states(await h.token('admin'))).data.lessons.map((l: { lessonId: string }) => l.lessonId)).toEqual([lessonId]);
    const other = await states(await h.token('teacher2'));
    expect(other.status).toBe(200);
    expect(other.data.lessons).toEqual([]);
    const retry = await h.call('POST', RETRY, { token: await h.token('teacher2'), body: { lessonId, resourceId: resources[0]!.resourceId } });
    // An unpublished lesson does not exist for anyone but its teacher and administrators.
    expect(retry.status).toBe(404);
    expect((await states(await h.token('student'))).status).toBe(403);
    expect((await h.call('POST', STATES, { body: { lessonIds: [lessonId] } })).status).toBe(4010001);
  });

  it('stops transcoding an upload once the last lesson showing it is deleted, and queues it again when a lesson shows it again', async () => {
    const jobs = h.app.ctx.files!.videos.jobs;
    const answer = await uploadWhole(h, teacher, mp4(5), '练习.mp4', CHUNK);
    const fileInfoId = String(answer.data.fileInfoId);
    const [{ sha }] = (await h.query<{ sha: string }>('SELECT content_sha256 AS sha FROM file_infos WHERE id = $1', [Number(fileInfoId)])) as [{ sha: string }];
    const resources = [{ title: '练习', fileInfoId, durationSeconds: 60 }];
    const first = await createLesson(h, teacher, { resources });
    const second = await createLesson(h, teacher, { resources });
    const remove = (id: string) => h.call('DELETE', `/cloudSchool/v1/cloudLesson/deleteLesson?lessonId=${id}`, { token: teacher });
    expect((await remove(first.lessonId)).status).toBe(200);
    // Another lesson still shows it.
    expect((await jobs.get(sha))?.state).toBe('queued');
    expect((await remove(second.lessonId)).status).toBe(200);
    expect((await jobs.get(sha))?.state).toBe('cancelled');
    // The teacher's upload stays theirs: a lesson saved with it again has it queued again.
    const third = await createLesson(h, teacher, { resources });
    expect(await jobs.get(sha)).toMatchObject({ state: 'queued', attempts: 0 });
    const again = await h.call<any>('POST', STATES, { token: teacher, body: { lessonIds: [third.lessonId] } });
    expect(again.data.lessons[0].videos).toEqual([expect.objectContaining({ title: '练习', state: 'queued' })]);
  });
});

describe('视频处理 on a server that does not transcode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 180_000);
  afterAll(() => h?.close());

  it('says so for each upload and why, and refuses 重试', async () => {
    const teacher = await h.token('teacher');
    const answer = await uploadWhole(h, teacher, mp4(9), '第二课.mp4', CHUNK);
    const lesson = await createLesson(h, teacher, { resources: [{ title: '第二课', fileInfoId: String(answer.data.fileInfoId), durationSeconds: 60 }] });
    expect((await h.call<any>('GET', '/file/v1/file/config')).data.videoTranscode).toBe(false);
    const read = await h.call<any>('POST', STATES, { token: teacher, body: { lessonIds: [lesson.lessonId] } });
    expect(read.data.transcoding).toBe(false);
    expect(read.data.reason).toContain('TRANSCODE=0');
    expect(read.data.lessons[0].videos).toEqual([expect.objectContaining({ title: '第二课', state: 'off', progress: 0 })]);
    const retry = await h.call('POST', RETRY, { token: teacher, body: { lessonId: lesson.lessonId, resourceId: lesson.resources[0].resourceId } });
    expect(retry.status).toBe(5030501);
    expect(retry.message).toBe('视频《第二课》不能转码：服务器未开启视频转码（TRANSCODE=0），视频按原文件播放');
  });
});
