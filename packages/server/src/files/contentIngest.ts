/**
 * Puts verified bytes into the content-addressed store once: when the sha256 is already known the new
 * copy is not written again, so many teachers uploading one video cost one stored file.
 */
import type { Readable } from 'node:stream';
import { contentKey, type FileStore } from './fileStore.js';
import type { ContentRow, FileRepo } from './fileRepo.js';
import type { Digest } from './streamDigest.js';
import { mimeOf } from './contentSniff.js';

export async function ingestContent(
  store: FileStore,
  repo: FileRepo,
  digest: Digest,
  extension: string,
  bytes: () => Readable | Promise<Readable>,
): Promise<ContentRow> {
  const known = await repo.contentBySha(digest.sha256);
  if (known && (await store.exists(known.storageKey))) return known;
  const key = contentKey(digest.sha256);
  await store.put(key, await bytes(), digest.size);
  return { sha256: digest.sha256, md5: digest.md5, size: digest.size, store: store.kind, storageKey: key, mime: mimeOf(extension) };
}
