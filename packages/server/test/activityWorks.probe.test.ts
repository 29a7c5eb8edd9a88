/**
 * The format review's probe on real MP4 files made with ffmpeg (seed/works/make-videos.sh): what
 * mp4box finds in the bytes (never the name), and the review's verdict against the activity's rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIDEO_RULES, type PackageTemplateItem } from '@dscloud/sdk/activities';
import { codecName, probeVideo } from '../src/activityWorks/videoProbe.js';
import { reviewPackage } from '../src/activityWorks/formatReview.js';

const fixture = (name: string) => readFileSync(new URL(`../seed/works/${name}`, import.meta.url));

/** Probes the bytes, counting what the probe reads. */
async function probe(bytes: Buffer) {
  let read = 0;
  const result = await probeVideo(bytes.length, async (start, end) => {
    read += end - start + 1;
    return bytes.subarray(start, end + 1);
  });
  return { result, read };
}

const RELAXED = { ...DEFAULT_VIDEO_RULES, minDurationSeconds: 1, maxDurationSeconds: 60, bitrateKbps: null };
const TEMPLATE: PackageTemplateItem[] = [
  { item: 1, required: true, fileCategories: [2], maxFiles: 1 },
  { item: 2, required: true, fileCategories: [5], maxFiles: 1 },
];

describe('video probe', () => {
  it('reads a 1080p 25 fps H.264 file with AAC 128 kbps', async () => {
    const bytes = fixture('video-1080p25-h264-aac.mp4');
    const { result } = await probe(bytes);
    expect(result).toEqual({
      container: 'mp4',
      videoCodec: 'h264',
      width: 1920,
      height: 1080,
      fps: 25,
      durationSeconds: 3,
      bitrateKbps: Math.round((bytes.length * 8) / 3 / 1000),
      audioCodec: 'aac',
      audioBitrateKbps: 128,
      fileSize: bytes.length,
    });
    expect(reviewPackage(TEMPLATE, [{ item: 1, fileName: 'a.mp4', probe: result }, { item: 2, fileName: 'b.docx', probe: null }], RELAXED, false, 1)).toEqual({
      passed: true,
      failures: [],
      checkedAt: 1,
    });
  });

  it('finds the 720p 30 fps file and the MPEG-4 Part 2 file without audio, and the review names each failure', async () => {
    const hd = (await probe(fixture('video-720p30-h264-aac.mp4'))).result;
    expect(hd).toMatchObject({ videoCodec: 'h264', width: 1280, height: 720, fps: 30, audioCodec: 'aac' });
    const mute = (await probe(fixture('video-1080p25-mpeg4-mute.mp4'))).result;
    expect(mute).toMatchObject({ videoCodec: 'mpeg4', width: 1920, height: 1080, fps: 25, durationSeconds: 1, audioCodec: '', audioBitrateKbps: 0 });
    const review = reviewPackage(TEMPLATE, [{ item: 1, fileName: 'x.mp4', probe: mute }, { item: 1, fileName: 'y.mp4', probe: hd }], RELAXED, true, 1);
    expect(review.passed).toBe(false);
    expect(review.failures.map((f) => f.rule)).toEqual(['maxFiles:1', 'required:2', 'videoCodec', 'audioCodec', 'resolution', 'fps']);
    expect(review.failures.map((f) => f.message)).toContain('课堂实录视频最多 1 个文件，当前 2 个');
    expect(review.failures.map((f) => f.message)).toContain('「x.mp4」音频编码为 无音频轨道，要求 AAC');
  });

  it('fails a short clip against the 精品课 defaults (10–20 min)', async () => {
    const { result } = await probe(fixture('video-1080p25-h264-aac.mp4'));
    const review = reviewPackage(TEMPLATE.slice(0, 1), [{ item: 1, fileName: 'a.mp4', probe: result }], DEFAULT_VIDEO_RULES, false, 1);
    expect(review.failures.map((f) => [f.rule, f.severity])).toEqual([
      ['duration', 'error'],
      ['bitrate', 'warning'],
    ]);
  });

  it('reports a file that is not an MP4 as unreadable, whatever its name', async () => {
    const notVideo = Buffer.from('%PDF-1.7\n' + 'x'.repeat(5000));
    expect((await probe(notVideo)).result).toMatchObject({ container: '', videoCodec: '', fileSize: notVideo.length });
    const truncated = fixture('video-1080p25-h264-aac.mp4').subarray(0, 2000);
    expect((await probe(truncated)).result.container).toBe('');
  });

  it('reads only the ranges the parser needs: 40 MB of media data before the movie box are skipped, not read', async () => {
    const video = fixture('video-720p30-h264-aac.mp4');
    const ftyp = video.readUInt32BE(0);
    const pad = 40 * 1024 * 1024;
    const mdat = Buffer.alloc(8);
    mdat.writeUInt32BE(pad, 0);
    mdat.write('mdat', 4, 'latin1');
    const size = video.length + pad;
    let read = 0;
    // ftyp, then a 40 MB media (`mdat`) box (its bytes made on demand), then the rest of the file.
    const byteAt = (i: number) => (i < ftyp ? video[i]! : i < ftyp + 8 ? mdat[i - ftyp]! : i < ftyp + pad ? 0 : video[i - pad]!);
    const result = await probeVideo(size, async (start, end) => {
      read += end - start + 1;
      return Uint8Array.from({ length: end - start + 1 }, (_, k) => byteAt(start + k));
    });
    expect(result).toMatchObject({ container: 'mp4', width: 1280, height: 720, fileSize: size });
    expect(read).toBeLessThan(4 * 1024 * 1024);
  });

  it('maps codec strings to the review’s names', () => {
    expect(['avc1.64001f', 'avc3.640028', 'hvc1.1.6.L93.B0', 'hev1.1.6', 'mp4v.20.9', 'mp4a.40.2', 'mp4a.6b', 'vp09.00'].map(codecName)).toEqual([
      'h264',
      'h264',
      'h265',
      'h265',
      'mpeg4',
      'aac',
      'mp3',
      'vp09',
    ]);
  });
});
