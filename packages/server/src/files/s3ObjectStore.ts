/** Completed files as objects in an S3-compatible bucket, under the same keys as on local disk. */
import type { Readable } from 'node:stream';
import { assertSafeKey, type ObjectStat, type ObjectStore } from './fileStore.js';
import { S3Client } from './s3Client.js';

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;

  constructor(readonly client: S3Client) {}

  async put(key: string, bytes: Readable, size: number): Promise<void> {
    assertSafeKey(key);
    await this.client.putObject(key, bytes, size);
  }

  async readRange(key: string, start: number, end: number): Promise<Readable> {
    assertSafeKey(key);
    return this.client.getObject(key, { start, end });
  }

  async stat(key: string): Promise<ObjectStat | null> {
    assertSafeKey(key);
    const head = await this.client.headObject(key);
    return head ? { size: head.size } : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.deleteObject(key);
  }

  async move(from: string, to: string): Promise<void> {
    assertSafeKey(from);
    assertSafeKey(to);
    await this.client.copyObject(from, to);
    await this.client.deleteObject(from);
  }
}
