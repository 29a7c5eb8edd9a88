/**
 * Housekeeping of the file service: partial uploads untouched for UPLOAD_TTL_HOURS (rows and chunk
 * folders, or with S3 their multipart uploads, aborted), chunk folders left without a row by a crash,
 * used-up challenges, and signed object uploads that were never saved (their objects too). Completed
 * files are never touched here.
 */
import type { FileStore } from './fileStore.js';
import type { FileRepo } from './fileRepo.js';
import type { MultipartUploads } from './multipartUploads.js';

const ORPHAN_GRACE_MS = 3600_000;

export async function sweepFiles(store: FileStore, repo: FileRepo, ttlMs: number, now: number, multipart?: MultipartUploads): Promise<{ uploads: number }> {
  const stale = await repo.staleUploads(now - ttlMs);
  for (const { id, storeUploadId } of stale) {
    // The store's part first: a row is removed only once nothing it names is left behind.
    if (multipart) await multipart.discard(id, storeUploadId);
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
