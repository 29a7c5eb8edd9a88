/**
 * Giving a stored file back when the last thing naming it goes (a deleted tool document). A user's file
 * (`file_infos`) may be named by many rows — another tool document saved with the same bytes (秒传 hands
 * back the same file), a lesson resource, a cover, an avatar, a work, a feedback screenshot, a settings
 * or help-video URL — so it is removed only when none does; and its bytes (`file_contents`, shared by
 * every user who uploaded them) only when no other user's file points at them and no upload of the
 * same bytes is under way.
 *
 * Runs in the caller's transaction, after the caller removed its own reference: the content row is
 * locked first, so a concurrent 秒传 naming it waits and then fails instead of pointing at nothing. The
 * bytes go last, still inside the transaction: a new upload of the same bytes after the commit finds
 * no content row and writes them again under the same key. A store that cannot delete leaves the bytes
 * (a leak, never a loss).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { fileContents, fileInfos, uploads } from '../db/schema.js';
import type { ObjectStore } from './fileStore.js';
import { variantKeysOf } from './imageVariants.js';

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** What a release removed: the file info always, the content (and its bytes) when nothing else shared it. */
export type Released = { file: 'kept' } | { file: 'removed'; content: 'kept' | 'removed' };

/** Whether any row still names the user's file `id` (by id, or by its download URL). */
export async function fileInfoReferenced(db: Orm | Tx, id: number): Promise<boolean> {
  const text = String(id);
  // `/file/v1/file/download/123` and signed or ranged forms of it, never `/download/1234`.
  const url = `/download/${id}([^0-9]|$)`;
  const result = (await db.execute(sql`
    SELECT (
      EXISTS (SELECT 1 FROM whiteboard_resources WHERE file_info_id = ${id})
      OR EXISTS (SELECT 1 FROM lesson_resources WHERE file_info_id = ${text} OR url ~ ${url} OR caption_url ~ ${url})
      OR EXISTS (SELECT 1 FROM lessons WHERE cover_file_id = ${text})
      OR EXISTS (SELECT 1 FROM activities WHERE cover_file_id = ${text})
      OR EXISTS (SELECT 1 FROM activity_work_items WHERE file_id = ${id})
      OR EXISTS (SELECT 1 FROM special_subjects WHERE cover_file_id = ${text})
      OR EXISTS (SELECT 1 FROM carousel_images WHERE image_file_id = ${text})
      OR EXISTS (SELECT 1 FROM users WHERE avatar_file_id = ${text})
      OR EXISTS (SELECT 1 FROM teacher_infos WHERE avatar_file_id = ${text})
      OR EXISTS (SELECT 1 FROM feedback WHERE screenshot_file_ids @> jsonb_build_array(${text}::text))
      OR EXISTS (SELECT 1 FROM help_articles WHERE video_url ~ ${url})
      OR EXISTS (SELECT 1 FROM global_config WHERE config_value ~ ${url})
      OR EXISTS (SELECT 1 FROM object_grants WHERE file_info_id = ${id})
    ) AS used`)) as unknown as { rows: Array<{ used: boolean }> } | Array<{ used: boolean }>;
  const rows = Array.isArray(result) ? result : result.rows;
  return rows[0]?.used !== false;
}

export async function releaseFileInfo(tx: Tx, store: ObjectStore, id: number, log?: (message: string, error: unknown) => void): Promise<Released> {
  const [info] = await tx.select({ sha256: fileInfos.contentSha256 }).from(fileInfos).where(eq(fileInfos.id, id)).for('update');
  if (!info) return { file: 'kept' };
  const [content] = await tx
    .select({ md5: fileContents.md5, size: fileContents.size, storageKey: fileContents.storageKey, thumbKey: fileContents.thumbKey })
    .from(fileContents)
    .where(eq(fileContents.sha256, info.sha256))
    .for('update');
  if (await fileInfoReferenced(tx, id)) return { file: 'kept' };
  await tx.delete(fileInfos).where(eq(fileInfos.id, id));
  if (!content) return { file: 'removed', content: 'kept' };
  const [shared] = await tx.select({ id: fileInfos.id }).from(fileInfos).where(eq(fileInfos.contentSha256, info.sha256)).limit(1);
  const [pending] = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.fileMd5, content.md5), eq(uploads.totalSize, content.size), ne(uploads.state, 'complete')))
    .limit(1);
  if (shared || pending) return { file: 'removed', content: 'kept' };
  await tx.delete(fileContents).where(eq(fileContents.sha256, info.sha256));
  const variants = await variantKeysOf(store, content.storageKey).catch(() => []);
  for (const key of [content.storageKey, content.thumbKey, ...variants]) {
    if (key) await store.delete(key).catch((error: unknown) => log?.(`文件内容未能删除（已不再被引用）：${key}`, error));
  }
  return { file: 'removed', content: 'removed' };
}
