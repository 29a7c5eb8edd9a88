/**
 * The automatic format review (形式审查) of a work's video, before submission: what the server's probe
 * found (`VideoProbe`), the activity's technical rules (`VideoRules`, defaults from the national
 * 精品课 requirements) and the one check both the server and the portal run (`checkVideo`). The
 * messages are Chinese and name what was found and what is required.
 */
import type { PackageItemCode } from './codes.js';

export interface FormatFailure {
  /** The rule's key (`videoCodec`, `width`, `required:2`, …). */
  rule: string;
  item: PackageItemCode | null;
  /** Chinese, naming what was found and what is required. */
  message: string;
  /** A warning does not stop submission when the activity allows warnings. */
  severity: 'error' | 'warning';
}

export interface VideoProbe {
  /** `mp4` for an ISO-BMFF file the probe could read. */
  container: string;
  /** `h264`, `h265`, `mpeg4`, … ('' when there is no video track). */
  videoCodec: string;
  width: number;
  height: number;
  fps: number;
  durationSeconds: number;
  /** Whole file: size × 8 / duration. */
  bitrateKbps: number;
  /** `aac`, `mp3`, … ('' when there is no audio track). */
  audioCodec: string;
  audioBitrateKbps: number;
  fileSize: number;
}

/** A rule set; a null bound is not checked. `warnings` lists rule keys that only warn. */
export interface VideoRules {
  videoCodec: 'h264' | null;
  audioCodec: 'aac' | null;
  minWidth: number | null;
  minHeight: number | null;
  /** Frame rate expected (± 0.5). */
  fps: number | null;
  minDurationSeconds: number | null;
  maxDurationSeconds: number | null;
  maxFileSize: number | null;
  /** Expected total bitrate and the tolerance in percent. */
  bitrateKbps: number | null;
  bitrateTolerancePercent: number;
  minAudioBitrateKbps: number | null;
  warnings: VideoRuleKey[];
}

export type VideoRuleKey =
  | 'container'
  | 'videoCodec'
  | 'audioCodec'
  | 'resolution'
  | 'fps'
  | 'duration'
  | 'fileSize'
  | 'bitrate'
  | 'audioBitrate';

/** The 精品课 defaults: H.264, 25 fps, 1920×1080, ≤ 1 GB, ≈ 8 Mbps, AAC 128 kbps, 10–20 min. */
export const DEFAULT_VIDEO_RULES: VideoRules = Object.freeze({
  videoCodec: 'h264',
  audioCodec: 'aac',
  minWidth: 1920,
  minHeight: 1080,
  fps: 25,
  minDurationSeconds: 600,
  maxDurationSeconds: 1200,
  maxFileSize: 1024 * 1024 * 1024,
  bitrateKbps: 8000,
  bitrateTolerancePercent: 50,
  minAudioBitrateKbps: 128,
  warnings: ['bitrate', 'audioBitrate'],
}) as VideoRules;

const minutes = (s: number) => (s >= 60 ? `${Math.floor(s / 60)} 分 ${Math.round(s % 60)} 秒` : `${Math.round(s)} 秒`);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Every rule the probe breaks, in a fixed order; an empty list passes. */
export function checkVideo(probe: VideoProbe, rules: VideoRules, item: FormatFailure['item'] = 1): FormatFailure[] {
  const out: FormatFailure[] = [];
  const fail = (rule: VideoRuleKey, message: string) =>
    out.push({ rule, item, message, severity: rules.warnings.includes(rule) ? 'warning' : 'error' });
  if (probe.container !== 'mp4') {
    fail('container', '视频须为 MP4 格式，无法读取该文件的视频信息');
    return out;
  }
  if (rules.videoCodec && probe.videoCodec !== rules.videoCodec)
    fail('videoCodec', `视频编码为 ${probe.videoCodec || '无视频轨道'}，要求 H.264`);
  if (rules.audioCodec && probe.audioCodec !== rules.audioCodec)
    fail('audioCodec', `音频编码为 ${probe.audioCodec || '无音频轨道'}，要求 AAC`);
  if ((rules.minWidth && probe.width < rules.minWidth) || (rules.minHeight && probe.height < rules.minHeight))
    fail('resolution', `分辨率为 ${probe.width}×${probe.height}，要求不低于 ${rules.minWidth ?? 0}×${rules.minHeight ?? 0}`);
  if (rules.fps && Math.abs(probe.fps - rules.fps) > 0.5)
    fail('fps', `帧率为 ${probe.fps.toFixed(2)} fps，要求 ${rules.fps} fps`);
  if (rules.minDurationSeconds && probe.durationSeconds < rules.minDurationSeconds)
    fail('duration', `时长为 ${minutes(probe.durationSeconds)}，要求不少于 ${minutes(rules.minDurationSeconds)}`);
  else if (rules.maxDurationSeconds && probe.durationSeconds > rules.maxDurationSeconds)
    fail('duration', `时长为 ${minutes(probe.durationSeconds)}，要求不超过 ${minutes(rules.maxDurationSeconds)}`);
  if (rules.maxFileSize && probe.fileSize > rules.maxFileSize)
    fail('fileSize', `文件大小为 ${mb(probe.fileSize)}，要求不超过 ${mb(rules.maxFileSize)}`);
  if (rules.bitrateKbps) {
    const tolerance = (rules.bitrateKbps * rules.bitrateTolerancePercent) / 100;
    if (Math.abs(probe.bitrateKbps - rules.bitrateKbps) > tolerance)
      fail('bitrate', `码率为 ${Math.round(probe.bitrateKbps)} kbps，建议约 ${rules.bitrateKbps} kbps`);
  }
  if (rules.minAudioBitrateKbps && probe.audioCodec && probe.audioBitrateKbps < rules.minAudioBitrateKbps)
    fail('audioBitrate', `音频码率为 ${Math.round(probe.audioBitrateKbps)} kbps，要求不低于 ${rules.minAudioBitrateKbps} kbps`);
  return out;
}
