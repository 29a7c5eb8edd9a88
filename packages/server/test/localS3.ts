/**
 * A local S3-compatible server for the tests: s3rver, plus the one multipart call it lacks,
 * AbortMultipartUpload (`DELETE /bucket/key?uploadId=`), answered as S3 does (204, the parts gone;
 * 404 NoSuchUpload when unknown). `pendingUploads()` lists the multipart uploads s3rver still holds
 * (its folders of parts), so a test can see what an abandoned upload left in the bucket.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/files/fileSettings.js';

export const BUCKET = 'dscloud-files';

export interface LocalS3 {
  settings: S3Settings;
  /** Multipart upload ids not yet completed or aborted. */
  pendingUploads(): string[];
  close(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
  set(name: string, value: string): void;
}

export async function startLocalS3(): Promise<LocalS3> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ds-s3rver-'));
  const uploadsDir = path.join(dir, BUCKET, '._S3rver_uploads');
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const koa = server as unknown as { middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>> };
  koa.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || !uploadId || !/^[0-9a-f]+$/.test(uploadId)) return next();
    const folder = path.join(uploadsDir, uploadId);
    if (!existsSync(folder)) {
      ctx.status = 404;
      ctx.set('content-type', 'application/xml');
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code></Error>';
      return;
    }
    rmSync(folder, { recursive: true, force: true });
    ctx.status = 204;
  });
  const { port } = await server.run();
  return {
    settings: { endpoint: `http://127.0.0.1:${port}`, bucket: BUCKET, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1', forcePathStyle: true },
    pendingUploads: () => (existsSync(uploadsDir) ? readdirSync(uploadsDir) : []),
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
