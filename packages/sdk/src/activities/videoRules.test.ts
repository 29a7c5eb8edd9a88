import { describe, expect, it } from 'vitest';
import { checkVideo, DEFAULT_VIDEO_RULES, type VideoProbe } from './videoRules.js';

const good: VideoProbe = {
  container: 'mp4',
  videoCodec: 'h264',
  width: 1920,
  height: 1080,
  fps: 25,
  durationSeconds: 900,
  bitrateKbps: 8100,
  audioCodec: 'aac',
  audioBitrateKbps: 128,
  fileSize: 900 * 1024 * 1024,
};

describe('checkVideo', () => {
  it('passes a video that meets the 精品课 defaults', () => {
    expect(checkVideo(good, DEFAULT_VIDEO_RULES)).toEqual([]);
  });

  it('names every broken rule with what was found and what is required', () => {
    const failures = checkVideo({ ...good, videoCodec: 'mpeg4', width: 1280, height: 720, fps: 30, durationSeconds: 125 }, DEFAULT_VIDEO_RULES);
    expect(failures.map((f) => f.rule)).toEqual(['videoCodec', 'resolution', 'fps', 'duration']);
    expect(failures[0]!.message).toContain('mpeg4');
    expect(failures[1]!.message).toContain('1280×720');
    expect(failures[3]!.message).toContain('2 分 5 秒');
    expect(failures.every((f) => f.severity === 'error')).toBe(true);
  });

  it('marks the rules the activity lists as warnings', () => {
    const [failure] = checkVideo({ ...good, bitrateKbps: 2000 }, DEFAULT_VIDEO_RULES);
    expect(failure).toMatchObject({ rule: 'bitrate', severity: 'warning' });
  });

  it('stops at a file that is not a readable MP4', () => {
    expect(checkVideo({ ...good, container: '' }, DEFAULT_VIDEO_RULES).map((f) => f.rule)).toEqual(['container']);
  });
});
