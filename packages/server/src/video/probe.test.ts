import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVideoTools, type VideoTools } from './ffmpegBinary.js';
import { probeVideo, readProbe, rotationOf, UnreadableVideoError } from './probe.js';
import { corruptClip, h264Clip, hevcMov, rotatedClip, tsClip, sharedClipDir, encodeTests, ENCODE_TIMEOUT_MS } from './testClips.js';

describe('readProbe (ffprobe JSON)', () => {
  const stream = { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, avg_frame_rate: '30000/1001', bit_rate: '4000000' };

  it('reads size, rate, codecs and audio', () => {
    const p = readProbe({ streams: [stream, { codec_type: 'audio', codec_name: 'aac', bit_rate: '128000' }], format: { duration: '12.5', format_name: 'mov,mp4' } }, 'a.mp4');
    expect(p).toMatchObject({ duration: 12.5, width: 1920, height: 1080, rotation: 0, fps: 29.97, videoCodec: 'h264', videoBitrate: 4_000_000, audioCodec: 'aac', hasAudio: true, container: 'mov,mp4' });
  });

  it('turns the size of a rotated stream, from the old tag or the display matrix', () => {
    expect(rotationOf({ tags: { rotate: '90' } })).toBe(90);
    expect(rotationOf({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] })).toBe(90);
    expect(rotationOf({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 90 }] })).toBe(270);
    expect(rotationOf({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 180 }] })).toBe(180);
    const p = readProbe({ streams: [{ ...stream, tags: { rotate: '270' } }], format: { duration: '3' } }, 'phone.mov');
    expect(p).toMatchObject({ width: 1080, height: 1920, codedWidth: 1920, codedHeight: 1080, rotation: 270, hasAudio: false, audioCodec: null });
  });

  it('shows anamorphic pixels at their display width', () => {
    const p = readProbe({ streams: [{ ...stream, width: 720, height: 576, sample_aspect_ratio: '64:45' }], format: { duration: '3' } }, 'dv.avi');
    expect(p).toMatchObject({ width: 1024, height: 576 });
  });

  it('takes the container rate less the audio when the stream has none (MKV, WebM)', () => {
    const p = readProbe({ streams: [{ ...stream, bit_rate: undefined }, { codec_type: 'audio', bit_rate: '128000' }], format: { duration: '3', bit_rate: '2128000' } }, 'a.mkv');
    expect(p.videoBitrate).toBe(2_000_000);
  });

  it('refuses a file without a picture or a duration, naming the file', () => {
    expect(() => readProbe({ streams: [{ codec_type: 'audio' }], format: { duration: '3' } }, '录音.mp4')).toThrow('无法读取视频文件“录音.mp4”：文件中没有视频画面');
    expect(() => readProbe({ streams: [{ ...stream, disposition: { attached_pic: 1 } }], format: { duration: '3' } }, '歌曲.m4a')).toThrow(UnreadableVideoError);
    // A cover picture before the video: every ffmpeg run must read the video, not the cover.
    const covered = readProbe({ streams: [{ index: 0, codec_type: 'video', codec_name: 'mjpeg', width: 600, height: 600, disposition: { attached_pic: 1 } }, { ...stream, index: 1 }], format: { duration: '3' } }, 'a.mp4');
    expect(covered).toMatchObject({ videoMap: '0:1', width: 1920, height: 1080, videoCodec: 'h264' });
    expect(() => readProbe({ streams: [stream], format: {} }, '半截.mp4')).toThrow('无法确定视频时长');
  });
});

const found = await findVideoTools({ FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH });

describe.skipIf(!found.ok || !encodeTests)('probeVideo on generated clips', { timeout: ENCODE_TIMEOUT_MS }, () => {
  let tools: VideoTools;
  let dir: string;
  let clips: string;
  beforeAll(async () => {
    tools = (found as { tools: VideoTools }).tools;
    clips = await sharedClipDir(tools);
    dir = await mkdtemp(path.join(tmpdir(), 'ds-probe-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('probes a 1080p H.264 MP4 with audio', async () => {
    const p = await probeVideo(tools.ffprobe.path, await h264Clip(tools, clips, { seconds: 4 }), 'lesson.mp4');
    expect(p).toMatchObject({ width: 1920, height: 1080, rotation: 0, fps: 25, videoCodec: 'h264', hasAudio: true, audioCodec: 'aac' });
    expect(p.duration).toBeGreaterThan(3.9);
    expect(p.duration).toBeLessThan(4.2);
  });

  it('probes a phone clip held upright as portrait', async () => {
    const p = await probeVideo(tools.ffprobe.path, await rotatedClip(tools, clips, 8, '960x540'), 'IMG_0001.MP4');
    expect(p).toMatchObject({ width: 540, height: 960, codedWidth: 960, codedHeight: 540 });
    // Which way depends on how this ffmpeg writes the tag (the 2018 build turns `rotate=90` into a
    // matrix read back as 270); either is upright.
    expect([90, 270]).toContain(p.rotation);
  });

  it('probes an MPEG-TS recording (a static ffprobe would crash on its service name without toolEnv)', async () => {
    const p = await probeVideo(tools.ffprobe.path, await tsClip(tools, clips), '录播.ts');
    expect(p).toMatchObject({ width: 1280, height: 720, videoCodec: 'h264', container: 'mpegts' });
  });

  it('probes an HEVC .mov when this ffmpeg can make one', async (ctx) => {
    const mov = await hevcMov(tools, clips);
    if (!mov) return ctx.skip();
    const p = await probeVideo(tools.ffprobe.path, mov, 'IMG_0002.MOV');
    expect(p).toMatchObject({ width: 960, height: 540, videoCodec: 'hevc', hasAudio: true });
  });

  it('gives a Chinese error naming the file for bytes that are no video', async () => {
    const bad = await corruptClip(dir);
    const error = await probeVideo(tools.ffprobe.path, bad, '第三课.mp4').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableVideoError);
    expect((error as Error).message).toMatch(/^无法读取视频文件“第三课\.mp4”：文件已损坏或不是视频/);
    // The server's own path means nothing to a teacher and is not shown.
    expect((error as Error).message).not.toContain(dir);
  });
});
