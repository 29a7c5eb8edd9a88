/**
 * AVIF and WebP copies of uploaded pictures (docs/architecture.md "Picture variants"): a PNG cover gets
 * copies at the widths of the ladder (never wider than itself), made after the upload, served through
 * the cover's signed link with their own content type and immutable caching; the original stands in
 * until they are made; deleting the picture's last file removes them with it.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { useHarness } from './harness.js';
import { uploadWhole } from './filesKit.js';
import { createLesson } from './lessonHelpers.js';

const h = useHarness();
let teacher: string;

beforeAll(async () => {
  teacher = (await h.token('teacher'))!;
});

const get = async (path: string) => {
  const res = await fetch(`${h.base}${path}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('picture variants', () => {
  it('gives an uploaded PNG cover AVIF and WebP copies at each width, served with their content type', async () => {
    const png = await sharp({ create: { width: 1200, height: 675, channels: 3, background: { r: 30, g: 140, b: 90 } } }).png().toBuffer();
    const answer = await uploadWhole(h, teacher, png, '课程封面.png', 5 * 1024 * 1024);
    expect(answer.status, answer.message).toBe(200);
    const { fileInfoId } = answer.data.fileInfo as { fileInfoId: number };
    const lesson = await createLesson(h, teacher, { coverFileId: String(fileInfoId) });
    const link = (variant: string) => (lesson.coverUrl as string).replace('?', `/${variant}?`);

    // Before or after the copies are made, a variant address always shows the picture.
    const early = await get(link('w640.avif'));
    expect(early.res.status).toBe(200);
    expect(['image/avif', 'image/png']).toContain(early.res.headers.get('content-type'));
    const small = await get(link('w320.webp'));
    expect(['image/webp', 'image/jpeg']).toContain(small.res.headers.get('content-type'));
    expect((await sharp(small.bytes).metadata()).width).toBeLessThanOrEqual(480);

    const files = (h.app as unknown as { ctx: AppContext }).ctx.files!;
    await files.variants.idle();

    for (const [variant, type, format, width] of [
      ['w320.avif', 'image/avif', 'heif', 320],
      ['w640.avif', 'image/avif', 'heif', 640],
      ['w960.avif', 'image/avif', 'heif', 960],
      ['w320.webp', 'image/webp', 'webp', 320],
      ['w640.webp', 'image/webp', 'webp', 640],
      ['w960.webp', 'image/webp', 'webp', 960],
      // Wider than the picture: its own width, never enlarged.
      ['w1920.avif', 'image/avif', 'heif', 1200],
    ] as const) {
      const { res, bytes } = await get(link(variant));
      expect(res.status, variant).toBe(200);
      expect(res.headers.get('content-type'), variant).toBe(type);
      expect(res.headers.get('cache-control'), variant).toMatch(/immutable/);
      const meta = await sharp(bytes).metadata();
      expect(meta, variant).toMatchObject({ format, width, height: Math.round((675 * width) / 1200) });
    }
    // Smaller than the PNG they replace.
    expect((await get(link('w960.avif'))).bytes.length).toBeLessThan(png.length);

    // Stored beside the original, under the content's address.
    const [row] = await h.query<{ storage_key: string }>('SELECT c.storage_key FROM file_infos f JOIN file_contents c ON c.sha256 = f.content_sha256 WHERE f.id = $1', [fileInfoId]);
    expect(await files.store.exists(`${row!.storage_key}-w640-avif`)).toBe(true);
    expect(await files.store.exists(`${row!.storage_key}-w1200-webp`)).toBe(true);
    expect(await files.store.exists(`${row!.storage_key}-w1280-webp`)).toBe(false);
  });

  it('refuses a bad signature and a width that is not a variant name', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();
    const answer = await uploadWhole(h, teacher, png, '透明封面.png', 5 * 1024 * 1024);
    const lesson = await createLesson(h, teacher, { coverFileId: String((answer.data.fileInfo as { fileInfoId: number }).fileInfoId) });
    const link = (variant: string) => (lesson.coverUrl as string).replace('?', `/${variant}?`);
    expect((await get(link('w640.avif').replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).res.status).toBe(403);
    expect((await get(link('w640.gif'))).res.status).toBe(400);
    await (h.app as unknown as { ctx: AppContext }).ctx.files!.variants.idle();
    // A transparent picture keeps its transparency in both formats.
    for (const variant of ['w320.avif', 'w320.webp']) {
      const meta = await sharp((await get(link(variant))).bytes).metadata();
      expect(meta, variant).toMatchObject({ width: 320, hasAlpha: true });
    }
  });

  it('serves the demo pictures’ committed copies, the widest below a width the picture does not reach', async () => {
    for (const [path, type, width] of [
      ['/static/seed/banners/banner-01-live.w1920.avif', 'image/avif', 1920],
      ['/static/seed/banners/banner-01-live.w768.webp', 'image/webp', 768],
      ['/static/seed/lesson-videos/yw1a-jiangnan.w320.avif', 'image/avif', 320],
      // The demo covers are 640 px wide: 960 is answered with 640.
      ['/static/seed/lesson-videos/yw1a-jiangnan.w960.webp', 'image/webp', 640],
    ] as const) {
      const { res, bytes } = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect((await sharp(bytes).metadata()).width, path).toBe(width);
    }
    expect((await get('/static/seed/lesson-videos/no-such-cover.w640.avif')).res.status).toBe(404);
  });
});
