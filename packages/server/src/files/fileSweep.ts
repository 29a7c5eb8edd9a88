/**
 * Housekeeping of the file service: partial uploads untouched for UPLOAD_TTL_HOURS (rows and chunk
 * folders), chunk folders left without a row by a crash, used-up challenges, and signed object
 * uploads that were never saved (their objects too). Completed files are never touched here.
 */
import type { FileStore } from './fileStore.js';
import type { FileRepo } from './fileRepo.js';

const ORPHAN_GRACE_MS = 3600_000;

export async function sweepFiles(store: FileStore, repo: FileRepo, ttlMs: number, now: number): Promise<{ uploads: number }> {
  const stale = await repo.staleUploads(now - ttlMs);
  for (const id of stale) {
    await store.deleteUpload(String(id));
    await repo.deleteUpload(id);
  }
  const folders = await store.listUploads();
  const live = await repo.liveUploadIds(folders.map((f) => Number(f.uploadId)));
  for (const folder of folders) {
    // A folder is created just before its upload's first chunk row; the grace covers that moment.
    if (!live.has(Number(folder.uploadId)) && folder.mtimeMs < Date.now() - ORPHAN_GRACE_MS) await store.deleteUpload(folder.uploadId);
  }
  await repo.deleteExpiredChallenges(now);
  // A saved object was moved away from its signed key, so deleting the key only removes unsaved bytes.
  for (const key of await repo.expiredGrants(now - ttlMs)) {
    await store.delete(key).catch(() => undefined);
    await repo.deleteGrant(key);
  }
  return { uploads: stale.length };
}
