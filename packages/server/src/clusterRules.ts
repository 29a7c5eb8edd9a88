/**
 * What several server processes over one database need, checked before anything is opened, so an
 * unsafe deployment stops at start-up with a message naming what to set instead of losing uploads or
 * logging users out later (docs/deploy.md). With `INSTANCES` above 1:
 * - `DATABASE_URL`: PGlite is the database of one process and one folder;
 * - `DEPLOY_SECRET` and `RSA_PRIVATE_KEY`: every instance must sign media links and deploy tickets and
 *   decrypt login forms with the same keys (a form opened on one is posted to another); generated
 *   per data folder they would differ, or race when the folder is shared;
 * - `DATA_DIR_SHARED=1` with disk storage: upload chunks and finished files are written under
 *   DATA_DIR, and the chunks of one upload may arrive at any instance, so DATA_DIR must be one shared
 *   file system. A second process on a folder that is not shared cannot be detected in general, hence
 *   the operator's explicit statement. With S3 storage (`S3_ENDPOINT`/`S3_BUCKET`) chunks and files
 *   are in the bucket (files/multipartUploads.ts) and each instance may keep a DATA_DIR of its own.
 */
import type { Settings } from './settings.js';

export class ClusterSettingsError extends Error {}

export function checkClusterSettings(
  settings: Pick<Settings, 'instances' | 'dataDirShared' | 'databaseUrl' | 'deploySecret' | 'rsaPrivateKey' | 'files'>,
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (settings.instances <= 1) return;
  const missing: string[] = [];
  if (!settings.databaseUrl) missing.push('DATABASE_URL（多个实例必须共用一个 PostgreSQL；内置数据库只供单个进程使用）');
  if (!settings.deploySecret) missing.push('DEPLOY_SECRET（各实例须相同）');
  if (!settings.rsaPrivateKey) missing.push('RSA_PRIVATE_KEY（各实例须相同）');
  const bucket = settings.files && 's3' in settings.files ? Boolean(settings.files.s3) : Boolean(env.S3_ENDPOINT || env.S3_BUCKET);
  if (!settings.dataDirShared && !bucket) missing.push('DATA_DIR_SHARED=1（DATA_DIR 须为各实例共享的文件系统：上传分片和磁盘存储的文件都在其中）');
  if (missing.length === 0) return;
  throw new ClusterSettingsError(
    `INSTANCES=${settings.instances}：多实例部署缺少以下设置：\n  - ${missing.join('\n  - ')}\n` +
      `INSTANCES=${settings.instances} needs DATABASE_URL, the same DEPLOY_SECRET and RSA_PRIVATE_KEY on every instance, ` +
      'and, with disk storage, DATA_DIR_SHARED=1 with DATA_DIR on a file system every instance shares (docs/deploy.md).',
  );
}
