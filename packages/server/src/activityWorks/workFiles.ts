/**
 * The files of a work package: each must be an upload of the caller (file_infos.user_id) of a category
 * the activity's template allows for its item; videos are probed from the stored bytes.
 */
import type { PackageTemplateItem, VideoProbe } from '@dscloud/sdk/activities';
import { PackageItem } from '@dscloud/sdk/activities';
import { FileCategories } from '@dscloud/sdk/codes';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import type { FileInfoRow } from '../files/fileRows.js';
import { itemLabel } from './formatReview.js';
import { probeVideo } from './videoProbe.js';

export interface PackageFile {
  item: number;
  fileId: number;
  fileName: string;
  fileSize: number;
  probe: VideoProbe | null;
}

const categoryLabel = (code: number) => FileCategories.find(code)?.label ?? `类别 ${code}`;

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(parts);
}

/** Probes the stored content (never trusting the file's name). */
export async function probeStored(ctx: AppContext, file: FileInfoRow): Promise<VideoProbe> {
  const store = ctx.files!.store;
  return probeVideo(file.content.size, async (start, end) => readAll(await store.readRange(file.content.storageKey, start, end)));
}

/** Checks every file against ownership and the template and probes the videos; throws naming the first bad one. */
export async function packageFiles(
  ctx: AppContext,
  userId: string,
  template: readonly PackageTemplateItem[],
  items: ReadonlyArray<{ item: number; fileId: string }>,
): Promise<PackageFile[]> {
  const out: PackageFile[] = [];
  const seen = new Set<string>();
  for (const [i, entry] of items.entries()) {
    const t = template.find((x) => x.item === entry.item);
    if (!t) throw new AppError(Codes.MISSING_PARAMETER, `该活动的作品包不含「${itemLabel(entry.item)}」`, { field: `items[${i}].item` });
    const key = `${entry.item}:${entry.fileId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const file = await ctx.files!.repo.fileInfoById(Number(entry.fileId));
    if (!file) throw new AppError(Codes.NOT_FOUND, `文件 ${entry.fileId} 不存在`, { field: `items[${i}].fileId` });
    if (file.userId !== userId) throw new AppError(Codes.FORBIDDEN, `只能使用本人上传的文件（文件 ${entry.fileId}）`, { field: `items[${i}].fileId` });
    if (t.fileCategories.length > 0 && !t.fileCategories.includes(file.categoryCode)) {
      throw new AppError(
        Codes.MISSING_PARAMETER,
        `${itemLabel(entry.item)}只接受${t.fileCategories.map(categoryLabel).join('、')}类文件，「${file.fileName}」是${categoryLabel(file.categoryCode)}类文件`,
        { field: `items[${i}].fileId` },
      );
    }
    out.push({
      item: entry.item,
      fileId: file.id,
      fileName: file.fileName,
      fileSize: file.content.size,
      probe: entry.item === PackageItem.VIDEO ? await probeStored(ctx, file) : null,
    });
  }
  return out;
}
