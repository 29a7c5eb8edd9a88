/**
 * Settings of the file service, read from the environment (docs/storage.md). Tests pass
 * `settings.files` to buildApp instead of touching process.env.
 */
import path from 'node:path';
import type { Settings } from '../settings.js';
import { quotaSettingsFromEnv, type QuotaSettings } from './uploadQuota.js';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  forcePathStyle: boolean;
}

export interface FileSettings {
  /** Root of stored files and partial uploads; default DATA_DIR/files. */
  filesDir: string;
  /** Partial uploads untouched this long are swept. */
  uploadTtlHours: number;
  /** Files go to this bucket when set: completed files, and the chunks of uploads as multipart uploads. */
  s3: S3Settings | undefined;
  /** Bytes per chunk (`uploadChunkSize` of the file config); a larger chunk is refused. */
  chunkSize: number;
  /** Bytes and files each kind of account (and named accounts) may store. */
  quotas: QuotaSettings;
  /** The platform's public origin (PUBLIC_BASE_URL) for addresses handed to browsers; '' = relative to the API base. */
  publicBaseUrl: string;
  /** Hosts whose addresses a lesson may use for its cover, videos and captions (MEDIA_URL_HOSTS); empty = stored files only. */
  mediaHosts: string[];
}

declare module '../settings.js' {
  interface Settings {
    files?: Partial<FileSettings>;
  }
}

function s3FromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_ENDPOINT && !env.S3_BUCKET) return undefined;
  const missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`对象存储配置不完整，缺少环境变量：${missing.join('、')}`);
  return {
    endpoint: env.S3_ENDPOINT!.replace(/\/+$/, ''),
    bucket: env.S3_BUCKET!,
    accessKey: env.S3_ACCESS_KEY!,
    secretKey: env.S3_SECRET_KEY!,
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
  };
}

function publicBaseUrlOf(raw: string | undefined): string {
  if (!raw) return '';
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) throw new Error(`环境变量 PUBLIC_BASE_URL 必须是 http:// 或 https:// 开头的网址（不带查询参数），当前为“${raw}”`);
  return url.href.replace(/\/+$/, '');
}

function hostsOf(raw: string | undefined): string[] {
  const hosts = (raw ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  const bad = hosts.find((h) => !/^[a-z0-9.-]+(:\d{1,5})?$/.test(h));
  if (bad) throw new Error(`环境变量 MEDIA_URL_HOSTS 应为逗号分隔的主机名（例如 video.example.edu.cn），“${bad}”不是`);
  return hosts;
}

export function fileSettingsOf(settings: Settings, env: NodeJS.ProcessEnv = process.env): FileSettings {
  const ttlRaw = env.UPLOAD_TTL_HOURS;
  const ttl = ttlRaw ? Number(ttlRaw) : 24;
  if (!Number.isFinite(ttl) || ttl <= 0) throw new Error(`环境变量 UPLOAD_TTL_HOURS 必须是正数，当前为“${ttlRaw}”`);
  const chunkRaw = env.UPLOAD_CHUNK_SIZE_MB;
  const chunkMb = chunkRaw ? Number(chunkRaw) : 10;
  if (!Number.isInteger(chunkMb) || chunkMb < 1 || chunkMb > 64) throw new Error(`环境变量 UPLOAD_CHUNK_SIZE_MB 必须是 1 到 64 之间的整数，当前为“${chunkRaw}”`);
  const overrides = settings.files ?? {};
  const s3 = 's3' in overrides ? overrides.s3 : s3FromEnv(env);
  const chunkSize = overrides.chunkSize ?? chunkMb * 1024 * 1024;
  // S3 multipart uploads take parts of at least 5 MiB (but the last): chunks are cut at least that big.
  if (s3 && chunkSize < 5 * 1024 * 1024) {
    throw new Error(`使用对象存储（S3_ENDPOINT）时 UPLOAD_CHUNK_SIZE_MB 不能小于 5（S3 分段上传每段至少 5 MB），当前为“${chunkRaw ?? chunkSize / 1048576}”`);
  }
  return {
    filesDir: overrides.filesDir ?? path.join(settings.dataDir, 'files'),
    uploadTtlHours: overrides.uploadTtlHours ?? ttl,
    s3,
    chunkSize,
    quotas: overrides.quotas ?? quotaSettingsFromEnv(env),
    publicBaseUrl: overrides.publicBaseUrl ?? publicBaseUrlOf(env.PUBLIC_BASE_URL),
    mediaHosts: overrides.mediaHosts ?? hostsOf(env.MEDIA_URL_HOSTS),
  };
}
