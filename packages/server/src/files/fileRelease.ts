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
import { renditionKeysOf } from '../video/rendition.js';

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** What a release removed: the file info always, the content (and its bytes) when nothing else shared it. */
export type Released = { file: 'kept' } | { file: 'removed'; content: 'kept' | 'removed' };

/**
 * Every column that may name a user's file, and how: `id` a bigint file id, `idText` the id as text,
 * `idList` a JSON array of ids as text, `url` a download URL (`/file/v1/file/download/<id>` or a signed
 * or ranged form of it) inside the text. `fileReferences.test.ts` lists the schema's columns that look
 * like file ids or URLs and fails on one that is not here: a new table naming files must be added
 * here, or deleting a tool document could remove a file it uses.
 */
export const FILE_REFERENCES: ReadonlyArray<{ table: string; column: string; kind: 'id' | 'idText' | 'idList' | 'url' }> = [
  { table: 'whiteboard_resources', column: 'file_info_id', kind: 'id' },
  { table: 'lesson_resources', column: 'file_info_id', kind: 'idText' },
  { table: 'lesson_resources', column: 'url', kind: 'url' },
  { table: 'lesson_resources', column: 'caption_url', kind: 'url' },
  { table: 'lessons', column: 'cover_file_id', kind: 'idText' },
  // A cover URL is usually the URL of cover_file_id or a seed picture, but a client may send any URL.
  { table: 'lessons', column: 'cover_url', kind: 'url' },
  { table: 'activities', column: 'cover_file_id', kind: 'idText' },
  { table: 'activities', column: 'cover_url', kind: 'url' },
  { table: 'activity_work_items', column: 'file_id', kind: 'id' },
  { table: 'special_subjects', column: 'cover_file_id', kind: 'idText' },
  { table: 'special_subjects', column: 'cover_url', kind: 'url' },
  { table: 'carousel_images', column: 'image_file_id', kind: 'idText' },
  { table: 'carousel_images', column: 'image_url', kind: 'url' },
  { table: 'users', column: 'avatar_file_id', kind: 'idText' },
  { table: 'teacher_infos', column: 'avatar_file_id', kind: 'idText' },
  { table: 'teacher_infos', column: 'avatar_url', kind: 'url' },
  { table: 'feedback', column: 'screenshot_file_ids', kind: 'idList' },
  { table: 'help_articles', column: 'video_url', kind: 'url' },
  { table: 'global_config', column: 'config_value', kind: 'url' },
  { table: 'object_grants', column: 'file_info_id', kind: 'id' },
];

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** The SQL test of one reference for the file `id`. */
function referenceTest(ref: (typeof FILE_REFERENCES)[number], id: number) {
  if (!IDENTIFIER.test(ref.table) || !IDENTIFIER.test(ref.column)) throw new Error(`not an identifier: ${ref.table}.${ref.column}`);
  const column = sql.raw(`${ref.table}.${ref.column}`);
  const from = sql.raw(ref.table);
  const text = String(id);
  // `/file/v1/file/download/123` and signed or ranged forms of it, never `/download/1234`.
  const url = `/download/${id}([^0-9]|$)`;
  const where =
    ref.kind === 'id' ? sql`${column} = ${id}` : ref.kind === 'idText' ? sql`${column} = ${text}` : ref.kind === 'idList' ? sql`${column} @> jsonb_build_array(${text}::text)` : sql`${column} ~ ${url}`;
  return sql`EXISTS (SELECT 1 FROM ${from} WHERE ${where})`;
}

/** Whether any row still names the user's file `id` (by id, or by its download URL). */
export async function fileInfoReferenced(db: Orm | Tx, id: number): Promise<boolean> {
  const tests = sql.join(
    FILE_REFERENCES.map((ref) => referenceTest(ref, id)),
    sql` OR `,
  );
  const result = (await db.execute(sql`SELECT (${tests}) AS used`)) as unknown as { rows: Array<{ used: boolean }> } | Array<{ used: boolean }>;
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
  // The video's renditions (segments, playlists, pictures), the manifest last: a half-removed rendition
  // is never taken for a whole one. Its transcoding job went with the content row (ON DELETE CASCADE).
  const renditions = await renditionKeysOf(store, content.storageKey).catch(() => []);
  for (const key of [content.storageKey, content.thumbKey, ...variants, ...renditions]) {
    if (key) await store.delete(key).catch((error: unknown) => log?.(`文件内容未能删除（已不再被引用）：${key}`, error));
  }
  return { file: 'removed', content: 'removed' };
}
