/**
 * Pictures with more pixels than the server decodes (src/files/pictureLimits.ts): a PNG of 8 000 ×
 * 8 000 pixels (8 KB, 64 M pixels decoded) is stored and served as it is, but gets no thumbnail (404
 * naming its size) and no AVIF/WebP copies (recorded, so it is never decoded); a picture just under
 * the limit still gets both.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { useHarness } from './harness.js';
import { blackPng, uploadWhole } from './filesKit.js';
import { createLesson } from './lessonHelpers.js';

const h = useHarness();
let teacher: string;

beforeAll(async () => {
  teacher = await h.token('teacher');
});

async function cover(bytes: Buffer, fileName: string) {
  const answer = await uploadWhole(h, teacher, bytes, fileName, 5 * 1024 * 1024);
  expect(answer.status, answer.message).toBe(200);
  const { fileInfoId, thumbUrl } = answer.data.fileInfo as { fileInfoId: number; thumbUrl: string };
  const lesson = await createLesson(h, teacher, { coverFileId: String(fileInfoId) });
  return { fileInfoId, thumbUrl, link: (variant: string) => (lesson.coverUrl as string).replace('?', `/${variant}?`) };
}

const get = async (path: string, token?: string) => {
  const res = await fetch(`${h.base}${path}`, { headers: token ? { authorization: token } : {} });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};

const variantsOf = async (fileInfoId: number) => {
  const [row] = await h.query<{ storage_key: string }>('SELECT c.storage_key FROM file_infos f JOIN file_contents c ON c.sha256 = f.content_sha256 WHERE f.id = $1', [fileInfoId]);
  const files = (h.app as unknown as { ctx: AppContext }).ctx.files!;
  await files.variants.idle();
  const list = `${row!.storage_key}-variants`;
  if (!(await files.store.exists(list))) return null;
  const parts: Buffer[] = [];
  for await (const part of await files.store.readRange(list, 0, (await files.store.stat(list))!.size - 1)) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as { width: number; widths: number[] };
};

describe('picture pixel limit', () => {
  it('gives a picture over 50 M pixels no thumbnail and no copies, and still serves it as it is', async () => {
    const png = blackPng(8000, 8000);
    expect(png.length).toBeLessThan(20_000);
    const big = await cover(png, '超大图.png');
    const thumb = await get(big.thumbUrl, teacher);
    expect(thumb.res.status).toBe(404);
    expect(JSON.parse(thumb.bytes.toString()).message).toBe(`文件没有缩略图：fileInfoId=${big.fileInfoId} 的图片有 8000×8000 像素，超过 5000 万像素，不生成缩略图`);

    // A variant address answers with the original picture, and the copies are recorded as none.
    const early = await get(big.link('w640.webp'));
    expect([early.res.status, early.res.headers.get('content-type'), early.bytes.length]).toEqual([200, 'image/png', png.length]);
    expect(await variantsOf(big.fileInfoId)).toMatchObject({ widths: [] });
    const later = await get(big.link('w640.webp'));
    expect([later.res.status, later.res.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  // 49 M pixels decoded and encoded into each copy: seconds on a quiet machine, and more than the suite's
  // 30 s default beside the other suites of `npm test` (it waits for the copies, not for a time).
  it('still makes the thumbnail and copies of a picture just under the limit', { timeout: 180_000 }, async () => {
    const under = await cover(blackPng(7000, 7000), '大图.png');
    const thumb = await get(under.thumbUrl, teacher);
    expect([thumb.res.status, thumb.res.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect((await variantsOf(under.fileInfoId))?.widths.length).toBeGreaterThan(0);
  });
});
