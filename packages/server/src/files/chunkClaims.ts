/**
 * One send of a chunk index at a time, across every server process over one database: two sends of
 * one index must not write the same bytes' place (an S3 part, or the offset in a shared DATA_DIR) at
 * once, or the loser's bytes could replace the acknowledged winner's. Within a process the sends queue
 * on an in-process lock; with PostgreSQL the holder also owns a row of `upload_chunk_claims`
 * (migrations/0097) for the time it writes, renewed every few seconds while it runs. A claim whose
 * process died lapses after LEASE_MS and is taken over: a send of that index to another process waits
 * at most that long. With PGlite (one process owns the database) the in-process lock is
 * the whole story and no row is written.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { uploadChunkClaims } from '../db/schema.js';
import { KeyedLock } from './keyedLock.js';

const LEASE_MS = 15_000;
const RETRY_MS = 50;

export class ChunkClaims {
  private readonly local = new KeyedLock();

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  run<T>(uploadId: number, index: number, work: () => Promise<T>): Promise<T> {
    return this.local.run(`${uploadId}:${index}`, () => (this.db.kind === 'postgres' ? this.shared(uploadId, index, work) : work()));
  }

  private async shared<T>(uploadId: number, index: number, work: () => Promise<T>): Promise<T> {
    const holder = randomUUID();
    // Waits for the other process's send to end: its claim is gone or has lapsed. An upload removed
    // meanwhile (its row and claims cascade away) makes the insert fail on the foreign key: thrown.
    while (!(await this.claim(uploadId, index, holder))) await sleep(RETRY_MS);
    const renew = setInterval(() => void this.extend(uploadId, index, holder).catch(() => undefined), LEASE_MS / 3);
    renew.unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
      await this.db.orm
        .delete(uploadChunkClaims)
        .where(and(eq(uploadChunkClaims.uploadId, uploadId), eq(uploadChunkClaims.chunkIndex, index), eq(uploadChunkClaims.holder, holder)))
        .catch(() => undefined);
    }
  }

  private async claim(uploadId: number, index: number, holder: string): Promise<boolean> {
    const now = this.now();
    const rows = await this.db.orm
      .insert(uploadChunkClaims)
      .values({ uploadId, chunkIndex: index, holder, claimedUntil: now + LEASE_MS })
      .onConflictDoUpdate({
        target: [uploadChunkClaims.uploadId, uploadChunkClaims.chunkIndex],
        set: { holder, claimedUntil: now + LEASE_MS },
        setWhere: lt(uploadChunkClaims.claimedUntil, now),
      })
      .returning({ holder: uploadChunkClaims.holder });
    return rows[0]?.holder === holder;
  }

  private async extend(uploadId: number, index: number, holder: string): Promise<void> {
    await this.db.orm
      .update(uploadChunkClaims)
      .set({ claimedUntil: this.now() + LEASE_MS })
      .where(and(eq(uploadChunkClaims.uploadId, uploadId), eq(uploadChunkClaims.chunkIndex, index), eq(uploadChunkClaims.holder, holder)));
  }
}
