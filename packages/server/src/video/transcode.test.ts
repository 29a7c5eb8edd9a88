import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVideoTools, toolEnv, type VideoTools } from './ffmpegBinary.js';
import { ladderFor } from './ladder.js';
import { probeVideo, UnreadableVideoError } from './probe.js';
import { masterPlaylist, parseMediaPlaylist, progressSeconds, transcode, type Rendition } from './transcode.js';
import { corruptClip, h264Clip, rotatedClip, sharedClipDir, encodeTests, ENCODE_TIMEOUT_MS } from './testClips.js';

describe('playlist and progress parsing', () => {
  it('reads every form of ffmpeg progress time', () => {
    expect(progressSeconds('out_time_us', '1500000')).toBe(1.5);
    expect(progressSeconds('out_time_ms', '2500000')).toBe(2.5);
    expect(progressSeconds('out_time', '00:01:02.500000')).toBe(62.5);
    expect(progressSeconds('out_time', '-00:00:00.040000')).toBeNull();
    expect(progressSeconds('out_time', 'N/A')).toBeNull();
    expect(progressSeconds('frame', '12')).toBeNull();
  });

  it('accepts only a finished media playlist', () => {
    const text = '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.000000,\ns00000.ts\n#EXTINF:2.000000,\ns00001.ts\n';
    expect(parseMediaPlaylist(text)).toBeNull();
    expect(parseMediaPlaylist(`${text}#EXT-X-ENDLIST\n`)).toEqual([
      { file: 's00000.ts', duration: 6 },
      { file: 's00001.ts', duration: 2 },
    ]);
  });

  it('writes a master playlist with measured rates, size and codecs', () => {
    const text = masterPlaylist([
      { name: '360p', width: 640, height: 360, fps: 25, playlist: '360p/index.m3u8', segments: [], peakBitrate: 500_000, averageBitrate: 300_000, codecs: 'avc1.64001e,mp4a.40.2' },
    ]);
    expect(text).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-STREAM-INF:BANDWIDTH=500000,AVERAGE-BANDWIDTH=300000,RESOLUTION=640x360,FRAME-RATE=25.000,CODECS="avc1.64001e,mp4a.40.2"\n360p/index.m3u8\n',
    );
  });
});

const found = await findVideoTools({ FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH });

function run(bin: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => execFile(bin, args, { timeout: ENCODE_TIMEOUT_MS, env: toolEnv(bin) }, (e, out, err) => (e ? reject(new Error(String(err) || e.message)) : resolve(String(out)))));
}

describe.skipIf(!found.ok || !encodeTests)('transcode on generated clips', { timeout: ENCODE_TIMEOUT_MS }, () => {
  let tools: VideoTools;
  let dir: string;
  let clips: string;
  beforeAll(async () => {
    tools = (found as { tools: VideoTools }).tools;
    clips = await sharedClipDir(tools);
    dir = await mkdtemp(path.join(tmpdir(), 'ds-transcode-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes the whole 1080p ladder in one pass: master, playlists, segments that decode, durations of the source', async () => {
    const input = await h264Clip(tools, clips, { seconds: 4 });
    const probe = await probeVideo(tools.ffprobe.path, input, 'lesson.mp4');
    const rungs = ladderFor(probe);
    const progress: number[] = [];
    const outDir = path.join(dir, 'out-1080');
    const rendition: Rendition = await transcode({ ffmpeg: tools.ffmpeg.path, ffprobe: tools.ffprobe.path, input, fileName: 'lesson.mp4', outDir, probe, rungs, onProgress: (f) => progress.push(f) });

    expect(progress.at(-1)).toBe(1);
    expect(progress.slice(0, -1).every((f, i, all) => f < 1 && (i === 0 || f >= all[i - 1]!))).toBe(true);

    const master = await readFile(path.join(outDir, 'master.m3u8'), 'utf8');
    const inf = [...master.matchAll(/#EXT-X-STREAM-INF:BANDWIDTH=(\d+),AVERAGE-BANDWIDTH=(\d+),RESOLUTION=(\d+x\d+),FRAME-RATE=25\.000,CODECS="(avc1\.64[0-9a-f]{4}),mp4a\.40\.2"\n(\S+)/g)];
    expect(inf.map((m) => [m[3], m[5]])).toEqual([
      ['640x360', '360p/index.m3u8'],
      ['960x540', '540p/index.m3u8'],
      ['1280x720', '720p/index.m3u8'],
      ['1920x1080', '1080p/index.m3u8'],
    ]);
    for (const [i, m] of inf.entries()) {
      const peak = Number(m[1]);
      // Measured peaks stay under the rung's ceiling plus audio and container overhead.
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThan((rungs[i]!.videoMaxrate + rungs[i]!.audioBitrate) * 1.5);
      expect(Number(m[2])).toBeLessThanOrEqual(peak);
    }

    for (const rung of rendition.rungs) {
      const listed = parseMediaPlaylist(await readFile(path.join(outDir, rung.playlist), 'utf8'))!;
      expect(listed.length).toBeGreaterThan(0);
      const total = listed.reduce((a, s) => a + s.duration, 0);
      expect(Math.abs(total - probe.duration)).toBeLessThan(0.5);
      let decoded = 0;
      for (const s of listed) {
        const file = path.join(outDir, rung.name, s.file);
        const info = JSON.parse(await run(tools.ffprobe.path, ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name,width,height', '-of', 'json', file])) as {
          format: { duration: string };
          streams: Array<{ codec_name: string; width?: number; height?: number }>;
        };
        expect(info.streams.map((st) => st.codec_name).sort()).toEqual(['aac', 'h264']);
        expect(info.streams.find((st) => st.codec_name === 'h264')).toMatchObject({ width: rung.width, height: rung.height });
        // Every frame decodes: ffmpeg stops with an error on a broken stream at -xerror.
        await run(tools.ffmpeg.path, ['-v', 'error', '-xerror', '-i', file, '-f', 'null', '-']);
        decoded += Number(info.format.duration);
      }
      expect(Math.abs(decoded - probe.duration)).toBeLessThan(0.5);
    }
    expect((await readdir(dir)).filter((f) => f.includes('.part-'))).toEqual([]);
  });

  it('keeps a phone clip upright and cuts every rung at the same instants', async () => {
    // 540 lines: two rungs are enough to compare their cuts, at a quarter of the 720p clip's cost.
    const input = await rotatedClip(tools, clips, 8, '960x540');
    const probe = await probeVideo(tools.ffprobe.path, input, 'IMG_0001.MP4');
    const outDir = path.join(dir, 'out-phone');
    const rendition = await transcode({ ffmpeg: tools.ffmpeg.path, ffprobe: tools.ffprobe.path, input, fileName: 'IMG_0001.MP4', outDir, probe, rungs: ladderFor(probe) });
    expect(rendition.rungs.map((r) => `${r.width}x${r.height}`)).toEqual(['360x640', '540x960']);
    const cuts = rendition.rungs.map((r) => r.segments.map((s) => s.duration.toFixed(2)).join(' '));
    expect(new Set(cuts).size).toBe(1);
    expect(rendition.rungs[0]!.segments.length).toBe(2);
    const first = JSON.parse(await run(tools.ffprobe.path, ['-v', 'error', '-show_streams', '-of', 'json', path.join(outDir, '360p', 's00000.ts')])) as { streams: Array<{ codec_type: string; width?: number; height?: number; tags?: { rotate?: string } }> };
    expect(first.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 360, height: 640 });
  });

  it('stops ffmpeg at once when cancelled and leaves no output', async () => {
    const input = await h264Clip(tools, clips, { seconds: 4 });
    const probe = await probeVideo(tools.ffprobe.path, input, 'lesson.mp4');
    const outDir = path.join(dir, 'out-cancelled');
    const controller = new AbortController();
    let pid = 0;
    const result = transcode({
      ffmpeg: tools.ffmpeg.path,
      ffprobe: tools.ffprobe.path,
      input,
      fileName: 'lesson.mp4',
      outDir,
      probe,
      rungs: ladderFor(probe),
      signal: controller.signal,
      onSpawn: (p) => (pid = p),
      onProgress: (f) => {
        if (f > 0) controller.abort(new Error('课程已删除'));
      },
    });
    await expect(result).rejects.toThrow('课程已删除');
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow();
    expect(existsSync(outDir)).toBe(false);
    expect((await readdir(dir)).filter((f) => f.startsWith('out-cancelled'))).toEqual([]);
  });

  it('gives a Chinese error naming the file when ffmpeg cannot read it', async () => {
    const bad = await corruptClip(dir);
    const probe = { duration: 4, width: 1920, height: 1080, codedWidth: 1920, codedHeight: 1080, rotation: 0, fps: 25, videoCodec: 'h264', videoBitrate: 0, audioCodec: 'aac', hasAudio: true, container: 'mov', videoMap: '0:0' };
    const outDir = path.join(dir, 'out-corrupt');
    const error = await transcode({ ffmpeg: tools.ffmpeg.path, ffprobe: tools.ffprobe.path, input: bad, fileName: '第三课.mp4', outDir, probe, rungs: ladderFor(probe) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableVideoError);
    expect((error as Error).message).toMatch(/^无法读取视频文件“第三课\.mp4”：/);
    expect(existsSync(outDir)).toBe(false);
  });
});
