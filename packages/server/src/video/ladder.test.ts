import { describe, expect, it } from 'vitest';
import { KEYFRAME_SECONDS, ladderFor, outputFps, type LadderSource } from './ladder.js';

const src = (over: Partial<LadderSource>): LadderSource => ({ width: 1920, height: 1080, fps: 25, videoBitrate: 0, hasAudio: true, ...over });
const names = (s: LadderSource) => ladderFor(s).map((r) => r.name);

describe('ladderFor', () => {
  it('gives a 1080p source all four rungs at 16:9, from the lowest up', () => {
    const rungs = ladderFor(src({}));
    expect(rungs.map((r) => [r.name, r.width, r.height, r.videoMaxrate, r.audioBitrate, r.label.zh])).toEqual([
      ['360p', 640, 360, 450_000, 64_000, '流畅'],
      ['540p', 960, 540, 900_000, 96_000, '标清'],
      ['720p', 1280, 720, 1_800_000, 128_000, '高清'],
      ['1080p', 1920, 1080, 3_600_000, 128_000, '超清'],
    ]);
    for (const r of rungs) {
      expect(r.videoBufsize).toBe(2 * r.videoMaxrate);
      expect(r.keyframeInterval).toBe(25 * KEYFRAME_SECONDS);
    }
  });

  it('never goes above the source, with a few lines of tolerance for odd recorders', () => {
    expect(names(src({ width: 1280, height: 720 }))).toEqual(['360p', '540p', '720p']);
    expect(names(src({ width: 960, height: 540 }))).toEqual(['360p', '540p']);
    expect(names(src({ width: 1920, height: 1072 }))).toEqual(['360p', '540p', '720p', '1080p']);
    expect(names(src({ width: 1920, height: 1000 }))).toEqual(['360p', '540p', '720p']);
    expect(names(src({ width: 3840, height: 2160 }))).toEqual(['360p', '540p', '720p', '1080p']);
  });

  it('keeps a phone held upright upright, naming rungs by the short side', () => {
    const rungs = ladderFor(src({ width: 1080, height: 1920 }));
    expect(rungs.map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual(['360p 360x640', '540p 540x960', '720p 720x1280', '1080p 1080x1920']);
  });

  it('keeps other shapes and scales the ceiling by pixel count', () => {
    const fourThree = ladderFor(src({ width: 1440, height: 1080 }));
    expect(fourThree.at(-1)).toMatchObject({ width: 1440, height: 1080, videoMaxrate: 2_700_000 });
    const wide = ladderFor(src({ width: 2560, height: 1080 }));
    expect(wide.at(-1)).toMatchObject({ width: 2560, height: 1080, videoMaxrate: 4_800_000 });
    for (const r of [...fourThree, ...wide]) {
      expect(r.width % 2).toBe(0);
      expect(r.height % 2).toBe(0);
    }
  });

  it('gives a source smaller than 360p one rung of its own size', () => {
    const rungs = ladderFor(src({ width: 320, height: 240, fps: 15 }));
    expect(rungs).toHaveLength(1);
    expect(rungs[0]).toMatchObject({ name: '240p', width: 320, height: 240, fps: 15, keyframeInterval: 30 });
    expect(rungs[0]!.videoMaxrate).toBeLessThan(450_000);
    expect(rungs[0]!.videoMaxrate).toBeGreaterThanOrEqual(150_000);
  });

  it('caps every ceiling at the source bit rate', () => {
    const rungs = ladderFor(src({ videoBitrate: 1_200_000 }));
    expect(rungs.map((r) => r.videoMaxrate)).toEqual([450_000, 900_000, 1_200_000, 1_200_000]);
    expect(ladderFor(src({ videoBitrate: 50_000 })).every((r) => r.videoMaxrate === 150_000)).toBe(true);
  });

  it('gives no audio to a silent source', () => {
    expect(ladderFor(src({ hasAudio: false })).every((r) => r.audioBitrate === 0)).toBe(true);
  });

  it('halves high frame rates and keeps two-second keyframe intervals', () => {
    expect(outputFps(60)).toBe(30);
    expect(outputFps(59.94)).toBe(29.97);
    expect(outputFps(50)).toBe(25);
    expect(outputFps(120)).toBe(30);
    expect(outputFps(30)).toBe(30);
    expect(outputFps(29.97)).toBe(29.97);
    expect(outputFps(0)).toBe(25);
    expect(ladderFor(src({ fps: 60 }))[0]).toMatchObject({ fps: 30, keyframeInterval: 60 });
  });

  it('refuses a size that is no size', () => {
    expect(() => ladderFor(src({ width: 0 }))).toThrow();
  });
});
