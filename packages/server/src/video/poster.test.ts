import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVideoTools, toolEnv, type VideoTools } from './ffmpegBinary.js';
import { fitBox, makePoster, makeSprite, spriteVtt, thumbnailInterval } from './poster.js';
import { probeVideo } from './probe.js';
import { h264Clip, rotatedClip, sharedClipDir, encodeTests, ENCODE_TIMEOUT_MS } from './testClips.js';

describe('sprite index', () => {
  it('spaces thumbnails by the length of the video', () => {
    expect(thumbnailInterval(4)).toBe(2);
    expect(thumbnailInterval(300)).toBe(5);
    expect(thumbnailInterval(2700)).toBe(10);
  });

  it('fits boxes to the source shape in even pixels', () => {
    expect(fitBox({ width: 1920, height: 1080 }, 160)).toEqual({ width: 160, height: 90 });
    expect(fitBox({ width: 720, height: 1280 }, 160)).toEqual({ width: 90, height: 160 });
    expect(fitBox({ width: 320, height: 240 }, 1280)).toEqual({ width: 320, height: 240 });
  });

  it('maps each interval to a cell of a 10×10 sheet, the last cue ending with the video', () => {
    const vtt = spriteVtt(101, 201.5, 2, 160, 90, (i) => `sprite-${i}.jpg`);
    const cues = vtt.trim().split('\n\n').slice(1);
    expect(cues).toHaveLength(101);
    expect(cues[0]).toBe('00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90');
    expect(cues[11]).toBe('00:00:22.000 --> 00:00:24.000\nsprite-0.jpg#xywh=160,90,160,90');
    expect(cues[99]).toBe('00:03:18.000 --> 00:03:20.000\nsprite-0.jpg#xywh=1440,810,160,90');
    expect(cues[100]).toBe('00:03:20.000 --> 00:03:21.500\nsprite-1.jpg#xywh=0,0,160,90');
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
  });
});

const found = await findVideoTools({ FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH });

describe.skipIf(!found.ok || !encodeTests)('poster and sprite from generated clips', { timeout: ENCODE_TIMEOUT_MS }, () => {
  let tools: VideoTools;
  let dir: string;
  let clips: string;
  const size = async (file: string) => {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(tools.ffprobe.path, ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file], { env: toolEnv(tools.ffprobe.path) }, (e, o) => (e ? reject(e) : resolve(String(o)))),
    );
    return out.trim();
  };
  beforeAll(async () => {
    tools = (found as { tools: VideoTools }).tools;
    clips = await sharedClipDir(tools);
    dir = await mkdtemp(path.join(tmpdir(), 'ds-poster-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes a poster no larger than 1280 on its long side, upright for a phone clip', async () => {
    const landscape = await h264Clip(tools, clips, { seconds: 4 });
    const p1 = await probeVideo(tools.ffprobe.path, landscape, 'a.mp4');
    expect(await makePoster(tools.ffmpeg.path, landscape, 'a.mp4', p1, path.join(dir, 'out', 'poster.jpg'))).toEqual({ width: 1280, height: 720 });
    expect(await size(path.join(dir, 'out', 'poster.jpg'))).toBe('1280,720');
    const phone = await rotatedClip(tools, clips, 8, '960x540');
    const p2 = await probeVideo(tools.ffprobe.path, phone, 'b.mp4');
    await makePoster(tools.ffmpeg.path, phone, 'b.mp4', p2, path.join(dir, 'out', 'poster-phone.jpg'));
    expect(await size(path.join(dir, 'out', 'poster-phone.jpg'))).toBe('540,960');
    expect((await readdir(path.join(dir, 'out'))).sort()).toEqual(['poster-phone.jpg', 'poster.jpg']);
  });

  it('makes a sprite sheet and a WebVTT index whose cues cover the video', async () => {
    const input = await h264Clip(tools, clips, { seconds: 4 });
    const probe = await probeVideo(tools.ffprobe.path, input, 'a.mp4');
    const outDir = path.join(dir, 'sprite');
    const sprite = await makeSprite(tools.ffmpeg.path, input, 'a.mp4', probe, outDir);
    expect(sprite).toMatchObject({ sheets: ['sprite-0.jpg'], vtt: 'thumbs.vtt', interval: 2, thumbWidth: 160, thumbHeight: 90, count: 2 });
    // One sheet of 10×10 cells, whatever the number of thumbnails on it.
    expect(await size(path.join(outDir, 'sprite-0.jpg'))).toBe('1600,900');
    const vtt = await readFile(path.join(outDir, 'thumbs.vtt'), 'utf8');
    expect(vtt).toContain('00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90');
    expect(vtt).toContain('00:00:02.000 --> 00:00:04.000\nsprite-0.jpg#xywh=160,0,160,90');
    expect((await readdir(outDir)).sort()).toEqual(['sprite-0.jpg', 'thumbs.vtt']);
    expect(existsSync(path.join(outDir, 'sprite-1.jpg'))).toBe(false);
  });
});
