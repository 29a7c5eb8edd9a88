/**
 * Uploaded files on lessons: a teacher attaches only their own uploads (an administrator any), the kind
 * must fit, and whoever may see the lesson plays its video through a signed media link — the way a
 * `<video>` element loads it, without a token header. Links cannot be forged, altered or used late.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { fileBytes, md5, uploadWhole } from './filesKit.js';
import { createLesson, lessonBody, publish } from './lessonHelpers.js';

const L = '/cloudSchool/v1/cloudLesson';
const clip = readFileSync(fileURLToPath(new URL('../seed/media/lesson-shuxue-tuxing.mp4', import.meta.url)));

let teacher: string;
let otherTeacher: string;
let student: string;
let admin: string;
let videoId: string;
let pictureId: string;

const h = useHarness();
beforeAll(async () => {
  [teacher, otherTeacher, student, admin] = (await Promise.all(['teacher', 'auditor', 'student', 'admin'].map((u) => h.token(u)))) as [string, string, string, string];
  const video = await uploadWhole(h, teacher, clip, '图形的认识.mp4', 10 * 1024 * 1024);
  expect(video.status).toBe(200);
  videoId = String(video.data.fileInfoId);
  const picture = await uploadWhole(h, teacher, fileBytes(2048, 'png'), '封面.png', 10 * 1024 * 1024);
  pictureId = String(picture.data.fileInfoId);
});

const withVideo = (fileInfoId: string, extra: Record<string, unknown> = {}) =>
  lessonBody(h, { resources: [{ title: '上传的视频', fileInfoId, durationSeconds: 10 }], ...extra });
const get = (url: string, headers: Record<string, string> = {}) => fetch(`${h.base}${url}`, { headers });

describe('uploaded videos on lessons', () => {
  it('plays the teacher’s upload through a signed link that needs no token, with ranges', async () => {
    const lesson = await createLesson(h, teacher, { resources: [{ title: '上传的视频', fileInfoId: videoId, durationSeconds: 10 }], coverFileId: pictureId });
    const playUrl: string = lesson.resources[0].playUrl;
    expect(playUrl).toMatch(/^\/file\/v1\/file\/media\/\d+\?e=\d+&s=[\w-]+$/);
    expect(lesson.coverUrl).toMatch(/^\/file\/v1\/file\/media\//);

    const whole = await get(playUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(md5(Buffer.from(await whole.arrayBuffer()))).toBe(md5(clip));
    const part = await get(playUrl, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(clip.subarray(0, 100));

    // The plain download stays the owner's: no token, no file.
    expect((await get(`/file/v1/file/download/${videoId}`)).status).toBe(401);
  });

  it('hands links only to those who may see the lesson', async () => {
    const lesson = await createLesson(h, teacher, { resources: [{ title: '未发布', fileInfoId: videoId }] });
    expect((await h.call('GET', `${L}/getResourceVideo?lessonId=${lesson.lessonId}`, { token: student })).status).toBe(404);
    await publish(h, admin, [lesson.lessonId]);
    const seen = await h.call('GET', `${L}/getResourceVideo?lessonId=${lesson.lessonId}`, { token: student });
    expect((await get(seen.data[0].playUrl)).status).toBe(200);
    const anonymous = await h.call('GET', `${L}/getById?lessonId=${lesson.lessonId}`);
    expect((await get(anonymous.data.resources[0].playUrl, { range: 'bytes=0-0' })).status).toBe(206);
  });

});

describe('which files a lesson may carry', () => {
  it('refuses another teacher’s upload and leaves nothing saved', async () => {
    const before = await h.query(`SELECT count(*)::int AS n FROM lessons`);
    const answer = await h.call('POST', `${L}/save`, { token: otherTeacher, body: await withVideo(videoId, { title: '借用别人的视频' }) });
    expect(answer.status).toBe(404);
    expect(answer.message).toBe(`参数 resources[0].fileInfoId 对应的文件不存在，或不是你上传的：${videoId}`);
    expect(await h.query(`SELECT count(*)::int AS n FROM lessons`)).toEqual(before);
    const unknown = await h.call('POST', `${L}/save`, { token: teacher, body: await withVideo('999999999') });
    expect(unknown.status).toBe(404);
  });

  it('lets an administrator attach any stored file, and the teacher keep it when editing', async () => {
    const lesson = await createLesson(h, admin, { teacherUserId: '100000000000000001', resources: [{ title: '管理员放的', fileInfoId: videoId }] });
    const otherLesson = await createLesson(h, otherTeacher, { title: '另一位老师的课' });
    const byAdmin = await h.call('POST', `${L}/save`, { token: admin, body: await lessonBody(h, { lessonId: otherLesson.lessonId, resources: [{ title: 'x', fileInfoId: videoId }] }) });
    expect(byAdmin.status).toBe(200);
    // The other teacher edits their lesson: the file the administrator put there stays allowed.
    const kept = await h.call('POST', `${L}/save`, { token: otherTeacher, body: await lessonBody(h, { lessonId: otherLesson.lessonId, title: '改了标题', resources: byAdmin.data.resources.map(({ resourceId, title, fileInfoId }: any) => ({ resourceId, title, fileInfoId })) }) });
    expect(kept.message).toBe('成功');
    expect(kept.status).toBe(200);
    expect(kept.data.resources[0].fileInfoId).toBe(videoId);
    expect(lesson.resources[0].fileInfoId).toBe(videoId);
  });

  it('wants a video for a video and a picture for the cover', async () => {
    const asVideo = await h.call('POST', `${L}/save`, { token: teacher, body: await withVideo(pictureId) });
    expect(asVideo.status).toBe(400);
    expect(asVideo.message).toBe('参数 resources[0].fileInfoId 需要视频文件，“封面.png”不是');
    const asCover = await h.call('POST', `${L}/save`, { token: teacher, body: await lessonBody(h, { coverFileId: videoId }) });
    expect(asCover.status).toBe(400);
    expect(asCover.message).toBe('参数 coverFileId 需要图片文件，“图形的认识.mp4”不是');
  });
});

describe('signed links', () => {
  it('refuses altered, foreign and expired links with a message saying what to do', async () => {
    const lesson = await createLesson(h, teacher, { resources: [{ title: '链接', fileInfoId: videoId }] });
    const playUrl: string = lesson.resources[0].playUrl;
    const [path, query] = playUrl.split('?') as [string, string];
    const params = new URLSearchParams(query);

    const forged = await get(`/file/v1/file/media/${pictureId}?${query}`);
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { message: string }).message).toContain('媒体链接无效');
    params.set('e', String(Number(params.get('e')) + 3600));
    expect((await get(`${path}?${params}`)).status).toBe(403);
    expect((await get(path)).status).toBe(400);

    // Last in the file: the clock jump also ends the tokens of this harness.
    h.advance(14 * 3_600_000);
    teacher = await h.token('teacher');
    const late = await get(playUrl);
    expect(late.status).toBe(403);
    expect(((await late.json()) as { message: string }).message).toContain('媒体链接已过期');
    const fresh = await h.call('GET', `${L}/getById?lessonId=${lesson.lessonId}`, { token: teacher });
    expect((await get(fresh.data.resources[0].playUrl)).status).toBe(200);
  });
});
