/**
 * Settings of the file service, read from the environment (docs/storage.md). Tests pass
 * `settings.files` to buildApp instead of touching process.env.
 */
import path from 'node:path';
import type { Settings } from '../settings.js';

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
  /** Completed files go to this bucket when set; partial chunks stay on local disk either way. */
  s3: S3Settings | undefined;
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

export function fileSettingsOf(settings: Settings, env: NodeJS.ProcessEnv = process.env): FileSettings {
  const ttlRaw = env.UPLOAD_TTL_HOURS;
  const ttl = ttlRaw ? Number(ttlRaw) : 24;
  if (!Number.isFinite(ttl) || ttl <= 0) throw new Error(`环境变量 UPLOAD_TTL_HOURS 必须是正数，当前为“${ttlRaw}”`);
  const overrides = settings.files ?? {};
  return {
    filesDir: overrides.filesDir ?? path.join(settings.dataDir, 'files'),
    uploadTtlHours: overrides.uploadTtlHours ?? ttl,
    s3: 's3' in overrides ? overrides.s3 : s3FromEnv(env),
  };
}
