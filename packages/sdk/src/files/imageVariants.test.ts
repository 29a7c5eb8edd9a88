import { describe, expect, it } from 'vitest';
import { imageSources, imageVariantUrl, pickVariantWidth, variantWidthsFor } from './imageVariants.js';

describe('image variants', () => {
  it('derives a variant address from a signed media link or a demo picture', () => {
    expect(imageVariantUrl('/file/v1/file/media/42?e=1&s=x', 640, 'avif')).toBe('/file/v1/file/media/42/w640.avif?e=1&s=x');
    expect(imageVariantUrl('https://yun.example.cn/file/v1/file/media/7?e=1&s=x', 320, 'webp')).toBe('https://yun.example.cn/file/v1/file/media/7/w320.webp?e=1&s=x');
    expect(imageVariantUrl('/static/seed/banners/banner-01-live.jpg', 1920, 'avif')).toBe('/static/seed/banners/banner-01-live.w1920.avif');
    for (const other of ['https://cdn.example.cn/a.jpg', '/file/v1/file/download/7', '/static/seed/media/a.mp4', '']) {
      expect(imageVariantUrl(other, 640, 'avif')).toBeNull();
      expect(imageSources(other, [320])).toEqual([]);
    }
  });
  it('lists AVIF first, then WebP, each with width descriptors', () => {
    expect(imageSources('/static/seed/lesson-videos/a.jpg', [320, 640])).toEqual([
      { type: 'image/avif', srcSet: '/static/seed/lesson-videos/a.w320.avif 320w, /static/seed/lesson-videos/a.w640.avif 640w' },
      { type: 'image/webp', srcSet: '/static/seed/lesson-videos/a.w320.webp 320w, /static/seed/lesson-videos/a.w640.webp 640w' },
    ]);
  });
  it('never enlarges: a picture gets the narrower widths and its own', () => {
    expect(variantWidthsFor(640)).toEqual([320, 640]);
    expect(variantWidthsFor(1000)).toEqual([320, 640, 768, 960, 1000]);
    expect(variantWidthsFor(200)).toEqual([200]);
    expect(variantWidthsFor(4000)).toEqual([320, 640, 768, 960, 1280, 1920]);
    expect(pickVariantWidth([320, 640], 960)).toBe(640);
    expect(pickVariantWidth([320, 640], 640)).toBe(640);
    expect(pickVariantWidth([200], 320)).toBe(200);
  });
});
