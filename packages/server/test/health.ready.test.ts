/**
 * Readiness as a load balancer sees it: `/healthz/ready` answers 200 only while the database answers,
 * every migration is applied and (with S3 storage) the bucket answers; 503 names the failing part.
 * `/healthz` stays the same check; `/healthz/live` never touches the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../src/files/fileSettings.js';
import { useHarness } from './harness.js';

let s3dir: string;
let s3server: S3rver | undefined;
let s3: S3Settings;
beforeAll(async () => {
  s3dir = mkdtempSync(path.join(tmpdir(), 'ds-s3rver-ready-'));
  s3server = new S3rver({ port: 0, address: '127.0.0.1', directory: s3dir, silent: true, configureBuckets: [{ name: 'dscloud-files', configs: [] }] });
  const { port } = (await s3server.run()) as { port: number };
  s3 = { endpoint: `http://127.0.0.1:${port}`, bucket: 'dscloud-files', accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1', forcePathStyle: true };
});
afterAll(async () => {
  await s3server?.close();
  rmSync(s3dir, { recursive: true, force: true });
});

const h = useHarness(() => ({ settings: { files: { s3 } } }));

describe('readiness', () => {
  it('is ready when the database, the migrations and the bucket are', async () => {
    const ready = await h.call('GET', '/healthz/ready');
    expect(ready.http).toBe(200);
    expect(ready.data).toMatchObject({ status: 'ok', objectStore: 's3' });
    expect((await h.call('GET', '/healthz')).data).toEqual(ready.data);
  });

  it('is not ready while a migration is missing, and says which part', async () => {
    const [row] = await h.query<{ version: string; applied_at: string }>('SELECT version, applied_at FROM schema_migrations ORDER BY version DESC LIMIT 1');
    await h.query('DELETE FROM schema_migrations WHERE version = $1', [row!.version]);
    try {
      const answer = await h.call('GET', '/healthz/ready');
      expect(answer.http).toBe(503);
      expect(answer.status).toBe(503);
      expect(answer.message).toBe('服务暂不可用');
      expect(answer.data).toEqual({ part: 'migrations' });
      expect((await h.call('GET', '/healthz/live')).http).toBe(200);
    } finally {
      await h.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [row!.version, row!.applied_at]);
    }
    expect((await h.call('GET', '/healthz/ready')).http).toBe(200);
  });

  it('is not ready when the bucket does not answer, while liveness stays up', async () => {
    await s3server!.close();
    s3server = undefined;
    const answer = await h.call('GET', '/healthz/ready');
    expect(answer.http).toBe(503);
    expect(answer.data).toEqual({ part: 'objectStore' });
    expect((await h.call('GET', '/healthz')).http).toBe(503);
    expect((await h.call('GET', '/healthz/live')).http).toBe(200);
  });
});
