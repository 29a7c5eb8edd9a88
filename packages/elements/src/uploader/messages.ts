import { normalizeLocale, type Locale } from '@dscloud/sdk/i18n';

export type Lang = Locale;

const zh = {
  dropTitle: '将文件拖到此处，或',
  choose: '选择文件',
  dropActive: '松开鼠标即可添加文件',
  limits: (accept: string, max: string) => [accept && `支持：${accept}`, max && `单个文件不超过${max}`].filter(Boolean).join('；'),
  quota: (used: string, max: string, files: number, maxFiles: number, left: string) => `存储空间：已用 ${used} / ${max}（${files} / ${maxFiles} 个文件），剩余 ${left}`,
  listLabel: '上传列表',
  noticesLabel: '上传提示',
  dismiss: '关闭提示',
  overall: '总进度',
  hashing: '计算MD5',
  uploading: '上传进度',
  loading: '正在加载上传配置…',
  waiting: (count: number) => `已选择 ${count} 个文件，上传设置加载后自动开始`,
  configFailed: '服务器配置加载失败，已使用默认设置',
  engineFailed: '上传组件加载失败，网络恢复后自动重试',
  status: {
    added: '等待上传',
    validating: '校验中',
    checkingMp4: '检查视频编码',
    hashing: '计算MD5',
    comparing: '比对中',
    uploading: '上传中',
    verifying: '校验文件',
    waitingForNetwork: '网络已断开，恢复后自动继续',
    done: '已完成',
    instant: '秒传完成',
    failed: '失败',
    paused: '已暂停',
    cancelled: '已取消',
  },
  resumed: '断点续传',
  pause: '暂停',
  resume: '继续',
  retry: '重试',
  remove: '移除',
  speed: (value: string) => `${value}/秒`,
  eta: (value: string) => `剩余 ${value}`,
  seconds: (h: number, m: number, s: number) => (h ? `${h}小时${m}分` : m ? `${m}分${s}秒` : `${s}秒`),
  summary: (done: number, count: number) => `已完成 ${done}/${count} 个文件`,
  announceProgress: (name: string, percent: number) => `${name} 已上传 ${percent}%`,
  announceHashing: (name: string, percent: number) => `${name} 计算MD5 ${percent}%`,
  announceDone: (name: string, instant: boolean) => `${name} ${instant ? '秒传完成' : '上传完成'}`,
  announceFailed: (name: string, message: string) => `${name} 上传失败：${message}`,
  announceWaiting: (name: string) => `${name} 网络已断开，恢复后自动继续`,
  announceBack: (name: string) => `${name} 网络已恢复，继续上传`,
  separator: '：',
};

type Messages = typeof zh;

const en: Messages = {
  dropTitle: 'Drop files here, or',
  choose: 'Choose files',
  dropActive: 'Release to add the files',
  limits: (accept, max) => [accept && `Allowed: ${accept}`, max && `Up to ${max} per file`].filter(Boolean).join('; '),
  quota: (used, max, files, maxFiles, left) => `Storage: ${used} of ${max} used (${files} of ${maxFiles} files), ${left} left`,
  listLabel: 'Uploads',
  noticesLabel: 'Upload notices',
  dismiss: 'Dismiss notice',
  overall: 'Overall progress',
  hashing: 'Computing MD5',
  uploading: 'Upload progress',
  loading: 'Loading the upload settings…',
  waiting: (count: number) => `${count} file${count === 1 ? '' : 's'} chosen: the upload starts once the settings have loaded`,
  configFailed: 'The server settings could not be loaded; defaults are used',
  engineFailed: 'The uploader could not be loaded; it tries again once the network is back',
  status: {
    added: 'Waiting',
    validating: 'Checking',
    checkingMp4: 'Checking video codec',
    hashing: 'Computing MD5',
    comparing: 'Comparing',
    uploading: 'Uploading',
    verifying: 'Verifying',
    waitingForNetwork: 'Network lost; continues once it is back',
    done: 'Done',
    instant: 'Instant upload done',
    failed: 'Failed',
    paused: 'Paused',
    cancelled: 'Cancelled',
  },
  resumed: 'Resumed',
  pause: 'Pause',
  resume: 'Resume',
  retry: 'Retry',
  remove: 'Remove',
  speed: (value) => `${value}/s`,
  eta: (value) => `${value} left`,
  seconds: (h, m, s) => (h ? `${h} h ${m} min` : m ? `${m} min ${s} s` : `${s} s`),
  summary: (done, count) => `${done} of ${count} files done`,
  announceProgress: (name, percent) => `${name}: ${percent}% uploaded`,
  announceHashing: (name, percent) => `${name}: MD5 ${percent}%`,
  announceDone: (name, instant) => `${name}: ${instant ? 'instant upload done' : 'upload done'}`,
  announceFailed: (name, message) => `${name}: upload failed: ${message}`,
  announceWaiting: (name) => `${name}: network lost; continues once it is back`,
  announceBack: (name) => `${name}: network back, uploading again`,
  separator: ': ',
};

/** Text of the uploader in one language, Chinese unless English is asked for. */
export function uploaderMessages(lang: Lang): Messages {
  return lang === 'en' ? en : zh;
}

export type UploaderMessages = Messages;

export const toLang = (value: string | null | undefined): Lang => normalizeLocale(value);
