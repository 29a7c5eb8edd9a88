/**
 * A lesson's cover, video and caption addresses: only this server's stored files, or hosts the
 * operator allowed (MEDIA_URL_HOSTS, empty by default). Anything else is refused naming the field,
 * and nothing of the lesson is stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startHarness, useHarness } from './harness.js';
import { count, createLesson, lessonBody, VIDEO } from './lessonHelpers.js';
import { fileBytes, uploadWhole } from './filesKit.js';

const h = useHarness();
let teacher: string;
beforeAll(async () => {
  teacher = await h.token('teacher');
}, 180_000);

const save = async (body: Record<string, unknown>, token = teacher) => h.call('POST', '/cloudSchool/v1/cloudLesson/save', { token, body: await lessonBody(h, body) });

describe('lesson media addresses', () => {
  it('refuses external cover, video and caption addresses, naming the field', async () => {
    const before = await count(h, 'SELECT count(*) AS n FROM lessons');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ coverUrl: 'https://tracker.example.com/pixel.png' }, 'coverUrl'],
      [{ coverUrl: '//tracker.example.com/pixel.png' }, 'coverUrl'],
      [{ coverUrl: '/cas/sz/removeToken' }, 'coverUrl'],
      [{ coverUrl: '/static/seed/../../cas/publicKey' }, 'coverUrl'],
      [{ resources: [{ title: '外链', url: 'http://look-alike.example.net/video.mp4' }] }, 'resources[0].url'],
      [{ resources: [{ title: 'a', url: VIDEO, captionUrl: 'https://evil.example/c.vtt' }] }, 'resources[0].captionUrl'],
      [{ resources: [{ title: 'a', url: '/file/v1/file/media/123?e=99999999999&s=forged' }] }, 'resources[0].url'],
    ];
    for (const [body, field] of cases) {
      const answer = await save(body);
      expect(answer.status, JSON.stringify(body)).toBe(4200005);
      expect(answer.http).toBe(400);
      expect(answer.data.field).toBe(field);
      expect(answer.message).toContain(`参数 ${field} 只能使用本平台上传的文件`);
    }
    expect(await count(h, 'SELECT count(*) AS n FROM lessons')).toBe(before);
  });

  it('accepts stored files: the seed media, a download path, a media link this server signed', async () => {
    const cover = await uploadWhole(h, teacher, fileBytes(2000, 'png'), '封面.png', 64 * 1024);
    const lesson = await createLesson(h, teacher, {
      coverUrl: `/file/v1/file/download/${cover.data.fileInfoId}`,
      resources: [{ title: '第一段', url: VIDEO, durationSeconds: 10, captionUrl: '/static/seed/media/lesson-shuxue-tuxing.zh.vtt' }],
    });
    expect(lesson).toBeTruthy();
    const signed = h.app.ctx.media.url(cover.data.fileInfoId);
    expect((await save({ coverUrl: signed })).status).toBe(200);
  });

  it('accepts hosts from MEDIA_URL_HOSTS once the operator allows them', async () => {
    const allowed = await startHarness({ settings: { files: { mediaHosts: ['video.example.edu.cn'] } } });
    try {
      const token = await allowed.token('teacher');
      const body = await lessonBody(allowed, { coverUrl: 'https://video.example.edu.cn/c/1.png', resources: [{ title: 'a', url: 'https://video.example.edu.cn/v/1.mp4' }] });
      expect((await allowed.call('POST', '/cloudSchool/v1/cloudLesson/save', { token, body })).status).toBe(200);
      const other = await lessonBody(allowed, { coverUrl: 'https://video.example.edu.cn.evil.example/1.png' });
      const refused = await allowed.call('POST', '/cloudSchool/v1/cloudLesson/save', { token, body: other });
      expect(refused.status).toBe(4200005);
      expect(refused.message).toContain('video.example.edu.cn');
    } finally {
      await allowed.close();
    }
  }, 120_000);
});
