import { normalizeLocale, type Locale } from '@dscloud/sdk/i18n';

export type Lang = Locale;

export const toLang = (lang?: string | null): Lang => normalizeLocale(lang ?? undefined);

const text = {
  'zh-CN': {
    player: '课程视频播放器',
    playCover: (title: string) => (title ? `播放《${title}》` : '播放视频'),
    playlist: '播放列表',
    showPlaylist: '选集',
    hidePlaylist: '收起选集',
    nowPlaying: '正在播放',
    unsupported: '不支持的视频格式',
    unsupportedHint: '请换用其他浏览器，或联系老师提供 MP4（H.264）格式的视频。',
    loading: '正在加载课程…',
    loadFailed: '课程加载失败',
    noVideo: '这节课还没有视频',
  },
  en: {
    player: 'Lesson video player',
    playCover: (title: string) => (title ? `Play “${title}”` : 'Play video'),
    playlist: 'Playlist',
    showPlaylist: 'Episodes',
    hidePlaylist: 'Hide episodes',
    nowPlaying: 'Now playing',
    unsupported: 'Unsupported video format',
    unsupportedHint: 'Try another browser, or ask the teacher for an MP4 (H.264) video.',
    loading: 'Loading the lesson…',
    loadFailed: 'The lesson could not be loaded',
    noVideo: 'This lesson has no video yet',
  },
};

export type PlayerMessages = (typeof text)['zh-CN'];

export function playerMessages(lang: Lang): PlayerMessages {
  return text[lang] ?? text['zh-CN'];
}

/** Plyr's own labels (its `i18n` option), so the controls speak the page's language (spec §9: zh). */
/**
 * The quality menu's rung names (by the short side of the picture); another height reads `480p`.
 * Plyr's English badges (HD, SD, 4K) give way to the resolution beside a Chinese name, as Chinese video
 * sites show it (标清 540P).
 */
const QUALITY_ZH = { 0: '自动', 360: '流畅', 540: '标清', 720: '高清', 1080: '超清', 1440: '2K', 2160: '4K' };
const QUALITY_BADGES_ZH = { 360: '360P', 540: '540P', 720: '720P', 1080: '1080P', 1440: '', 2160: '', 576: '', 480: '' };
const NO_BADGES = { 2160: '', 1440: '', 1080: '', 720: '', 576: '', 480: '' };

export function plyrLabels(lang: Lang): Record<string, string | Record<number, string>> {
  if (lang === 'en') return { speed: 'Speed', normal: 'Normal', captions: 'Captions', disabled: 'Off', enabled: 'On', quality: 'Quality', qualityLabel: { 0: 'Auto' }, qualityBadge: NO_BADGES };
  return {
    quality: '画质',
    qualityLabel: QUALITY_ZH,
    qualityBadge: QUALITY_BADGES_ZH,
    play: '播放',
    pause: '暂停',
    seek: '进度',
    seekLabel: '{currentTime} / {duration}',
    played: '已播放',
    buffered: '已缓冲',
    currentTime: '当前时间',
    duration: '时长',
    volume: '音量',
    mute: '静音',
    unmute: '取消静音',
    enableCaptions: '打开字幕',
    disableCaptions: '关闭字幕',
    enterFullscreen: '全屏',
    exitFullscreen: '退出全屏',
    captions: '字幕',
    settings: '设置',
    pip: '画中画',
    menuBack: '返回上一级菜单',
    speed: '倍速',
    normal: '正常',
    disabled: '关闭',
    enabled: '开启',
  };
}

/** `83.4` → `01:23`; hours only when needed. */
export function formatTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
