/**
 * Which addresses a lesson may show as its cover, videos and captions: this server's stored files
 * (the seed media, a download path, or a media link this server signed) or a host the operator
 * allowed (MEDIA_URL_HOSTS, empty by default). Any other address would let a teacher put a page of
 * anyone's choosing — a tracker, a look-alike video — in front of every pupil who opens the lesson.
 */
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import type { MediaLinks } from '../files/mediaLinks.js';
import { MEDIA_PATH } from '../files/mediaLinks.js';

export interface MediaUrlRules {
  /** Lower-case host names (optionally with a port) an address may point at. */
  mediaHosts: readonly string[];
  /** The platform's public origin, if configured: its own absolute addresses count as stored files. */
  publicBaseUrl: string;
  media: MediaLinks;
}

const SEED_PREFIX = '/static/seed/';
const DOWNLOAD = /^\/file\/v1\/file\/download\/\d{1,19}$/;
const MEDIA = new RegExp(`^${MEDIA_PATH}/(\\d{1,19})$`);

function storedFile(url: URL, media: MediaLinks): boolean {
  if (url.pathname.startsWith(SEED_PREFIX) || DOWNLOAD.test(url.pathname)) return true;
  const signed = MEDIA.exec(url.pathname);
  if (!signed) return false;
  const expiresAt = Number(url.searchParams.get('e'));
  return Number.isSafeInteger(expiresAt) && media.check(signed[1]!, expiresAt, url.searchParams.get('s') ?? '') !== 'invalid';
}

/** Refuses (4200005, naming the field) an address that is neither a stored file nor on an allowed host. */
export function checkMediaUrl(field: string, value: string | undefined, rules: MediaUrlRules): void {
  if (value === undefined || value === '') return;
  const local = value.startsWith('/') && !value.startsWith('//');
  let url: URL | undefined;
  try {
    url = new URL(value, 'http://platform.invalid');
  } catch {
    url = undefined;
  }
  if (url) {
    if (local && storedFile(url, rules.media)) return;
    if (!local && /^https?:$/.test(url.protocol)) {
      if (rules.mediaHosts.includes(url.host.toLowerCase()) || rules.mediaHosts.includes(url.hostname.toLowerCase())) return;
      if (rules.publicBaseUrl && url.origin === new URL(rules.publicBaseUrl).origin && storedFile(url, rules.media)) return;
    }
  }
  const allowed = rules.mediaHosts.length > 0 ? `或以下站点的地址：${rules.mediaHosts.join('、')}` : '（未配置允许的外部站点）';
  throw new AppError(Codes.MISSING_PARAMETER, `参数 ${field} 只能使用本平台上传的文件${allowed}，收到“${value.slice(0, 120)}”`, { field });
}
