/**
 * Puts verified bytes into the content-addressed store once: when the sha256 is already known the new
 * copy is not written again, so many teachers uploading one video cost one stored file.
 */
import { createReadStream } from 'node:fs';
import { contentKey, type FileStore } from './fileStore.js';
import type { ContentRow, FileRepo } from './fileRepo.js';
import type { Digest } from './streamDigest.js';
import { mimeOf } from './contentSniff.js';

/** `file`: the verified bytes as a complete local file, moved into a local store, streamed to others. */
export async function ingestContent(store: FileStore, repo: FileRepo, digest: Digest, extension: string, file: string): Promise<ContentRow> {
  const known = await repo.contentBySha(digest.sha256);
  if (known && (await store.exists(known.storageKey))) return known;
  const key = contentKey(digest.sha256);
  if (store.adopt) await store.adopt(key, file, digest.size);
  else await store.put(key, createReadStream(file), digest.size);
  return { sha256: digest.sha256, md5: digest.md5, size: digest.size, store: store.kind, storageKey: key, mime: mimeOf(extension) };
}
