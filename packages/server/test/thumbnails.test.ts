/**
 * Thumbnails of uploaded pictures: a real PNG and a real JPEG get a `thumbUrl` whose image fits 480 × 480
 * (never enlarged), made once and stored beside the original, served to the owner and through the same
 * signed media link as the picture; what is no picture gets none.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { fileBytes, uploadWhole } from './filesKit.js';
import { createLesson } from './lessonHelpers.js';

const h = useHarness();
let teacher: string;
let student: string;

const picture = (width: number, height: number, format: 'png' | 'jpeg', alpha = false) => {
  const background = alpha ? { r: 20, g: 120, b: 200, alpha: 0.5 } : { r: 200, g: 80, b: 40 };
  const image = sharp({ create: { width, height, channels: alpha ? 4 : 3, background } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

async function uploaded(bytes: Buffer, fileName: string) {
  const answer = await uploadWhole(h, teacher, bytes, fileName, 5 * 1024 * 1024);
  expect(answer.status, answer.message).toBe(200);
  return answer.data.fileInfo as { fileInfoId: number; thumbUrl: string };
}

const get = async (path: string, token?: string) => {
  const res = await fetch(`${h.base}${path}`, { headers: token ? { authorization: token } : {} });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};

beforeAll(async () => {
  [teacher, student] = (await Promise.all([h.token('teacher'), h.token('student')])) as [string, string];
});

describe('thumbnails', () => {
  it('gives a real PNG and JPEG a thumbnail that fits 480 × 480, made once and kept beside the original', async () => {
    const png = await uploaded(await picture(1200, 900, 'png', true), '透明的图.png');
    const jpeg = await uploaded(await picture(2000, 1000, 'jpeg'), '宽的照片.jpg');
    expect(png.thumbUrl).toBe(`/file/v1/file/thumb/${png.fileInfoId}`);

    const a = await get(png.thumbUrl, teacher);
    expect(a.res.status).toBe(200);
    expect(a.res.headers.get('content-type')).toBe('image/png');
    expect(await sharp(a.bytes).metadata()).toMatchObject({ format: 'png', width: 480, height: 360, hasAlpha: true });

    const b = await get(jpeg.thumbUrl, teacher);
    expect(b.res.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(b.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 240 });

    // Stored once, beside the original, and recorded on the content.
    const [row] = await h.query<{ storage_key: string; thumb_key: string; thumb_width: number }>(
      'SELECT c.storage_key, c.thumb_key, c.thumb_width FROM file_infos f JOIN file_contents c ON c.sha256 = f.content_sha256 WHERE f.id = $1',
      [jpeg.fileInfoId],
    );
    expect(row).toMatchObject({ thumb_key: `${row!.storage_key}-thumb-jpg`, thumb_width: 480 });
    const again = await get(jpeg.thumbUrl, teacher);
    expect(again.bytes.equals(b.bytes)).toBe(true);
  });

  it('never enlarges a small picture, and gives no thumbnail to what is not one', async () => {
    const small = await uploaded(await picture(120, 60, 'png'), '小图.png');
    expect(await sharp((await get(small.thumbUrl, teacher)).bytes).metadata()).toMatchObject({ width: 120, height: 60 });
    const pdf = await uploaded(fileBytes(2048, 'pdf'), '讲义.pdf');
    expect(pdf.thumbUrl).toBe('');
    const fake = await uploaded(fileBytes(4096, 'png'), '坏图.png');
    const refused = await get(`/file/v1/file/thumb/${fake.fileInfoId}`, teacher);
    expect(refused.res.status).toBe(404);
    expect(JSON.parse(refused.bytes.toString()).message).toContain('文件没有缩略图');
  });

  it('follows the picture’s access rules: the owner, or the signed link of a picture a route cleared', async () => {
    const cover = await uploaded(await picture(1920, 430, 'jpeg'), '封面.jpg');
    expect((await get(cover.thumbUrl, student)).res.status).toBe(404);
    expect((await get(cover.thumbUrl)).res.status).toBe(401);

    const lesson = await createLesson(h, teacher, { coverFileId: String(cover.fileInfoId) });
    const coverUrl: string = lesson.coverUrl;
    const thumbLink = coverUrl.replace('?', '/thumb?');
    const shown = await get(thumbLink);
    expect(shown.res.status).toBe(200);
    expect(await sharp(shown.bytes).metadata()).toMatchObject({ width: 480, height: 108 });
    expect((await get(thumbLink.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).res.status).toBe(403);
  });
});
