import { describe, expect, it } from 'vitest';
import { mediaThumbUrl } from './thumbUrl.js';

describe('mediaThumbUrl', () => {
  it('puts /thumb after the id of a signed media link, relative or absolute', () => {
    expect(mediaThumbUrl('/file/v1/file/media/100042?e=1790000000&s=abc')).toBe('/file/v1/file/media/100042/thumb?e=1790000000&s=abc');
    expect(mediaThumbUrl('https://yun.example.cn/file/v1/file/media/7?e=1&s=x')).toBe('https://yun.example.cn/file/v1/file/media/7/thumb?e=1&s=x');
  });
  it('leaves any other address as it is', () => {
    for (const url of ['/static/seed/covers/a.jpg', 'https://cdn.example.cn/a.png', '/file/v1/file/media/7/thumb?e=1&s=x', '/file/v1/file/download/7', '']) {
      expect(mediaThumbUrl(url)).toBe(url);
    }
  });
});
