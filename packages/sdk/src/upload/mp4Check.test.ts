import { describe, expect, it, vi } from 'vitest';
import { fileSourceFromBytes, type FileSource } from './fileSource.js';
import { checkMp4H264 } from './mp4Check.js';
import { buildMp4 } from './testing/mp4Fixture.js';

// Loading the WebAssembly hash engine and mp4box costs seconds on a busy CI machine.
vi.setConfig({ testTimeout: 30_000 });

const MB = 1024 * 1024;

function recording(bytes: Uint8Array, type = 'video/mp4'): { source: FileSource; reads: Array<[number, number]> } {
  const reads: Array<[number, number]> = [];
  const inner = fileSourceFromBytes(bytes, { name: '微课.mp4', type });
  return {
    reads,
    source: { ...inner, read: (start, end) => (reads.push([start, end]), inner.read(start, end)) },
  };
}

describe('MP4 H.264 check', () => {
  it('recognises an H.264 MP4 whose moov box sits after the media data, without reading the media data', async () => {
    const bytes = buildMp4({ codec: 'avc1', mdatBytes: 6 * MB, moovAtEnd: true });
    const { source, reads } = recording(bytes);
    const result = await checkMp4H264(source);
    expect(result.isMp4H264).toBe(true);
    expect(result.codecs[0]).toMatch(/^avc1\.64001f/i);
    // 1 MB slices: the first one, then a jump straight to the moov box at the end.
    expect(reads.every(([start, end]) => end - start <= MB)).toBe(true);
    expect(result.bytesRead).toBeLessThan(2 * MB);
    expect(reads.some(([start]) => start >= 6 * MB)).toBe(true);
  });

  it('recognises an H.264 MP4 with the moov box first', async () => {
    const { source } = recording(buildMp4({ codec: 'avc1', moovAtEnd: false }));
    expect((await checkMp4H264(source)).isMp4H264).toBe(true);
  });

  it('says no for an MP4 whose video is not H.264', async () => {
    const { source } = recording(buildMp4({ codec: 'mp4v', mdatBytes: 2 * MB }));
    const result = await checkMp4H264(source);
    expect(result.isMp4H264).toBe(false);
    expect(result.codecs.length).toBe(1);
  });

  it('says no without reading anything when the type is not video/mp4', async () => {
    const { source, reads } = recording(buildMp4({ codec: 'avc1' }), 'video/quicktime');
    expect((await checkMp4H264(source)).isMp4H264).toBe(false);
    expect(reads).toEqual([]);
  });

  it('says no for bytes that are not an MP4 at all', async () => {
    const { source } = recording(new Uint8Array(3 * MB).fill(7));
    expect((await checkMp4H264(source)).isMp4H264).toBe(false);
  });
});
