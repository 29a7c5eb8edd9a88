/**
 * The document a save names: a JSON file the caller uploaded through the file service (tool-save
 * mode). It must be the caller's own upload, at most 5 MB, JSON, and a document of the resource's
 * tool (`checkDocumentText` of @dscloud/sdk/tools, which the editor runs before uploading too).
 */
import { Codes } from '@dscloud/sdk/errors';
import { checkDocumentText, MAX_DOCUMENT_BYTES, type ToolId } from '@dscloud/sdk/tools';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import type { FileInfoRow } from '../files/fileRows.js';

export interface CheckedDocument {
  fileInfoId: number;
  size: number;
}

export async function checkDocumentFile(ctx: AppContext, userId: string, fileInfoId: string, tool: ToolId): Promise<CheckedDocument> {
  const files = ctx.files;
  if (!files) throw new AppError(Codes.UNAVAILABLE, '文件服务未启动');
  const id = Number(fileInfoId);
  const row: FileInfoRow | null = Number.isSafeInteger(id) ? await files.repo.fileInfo(id, userId) : null;
  if (!row) throw new AppError(Codes.NOT_FOUND, `参数 fileInfoId 对应的文件不存在，或不是你上传的：${fileInfoId}`, { field: 'fileInfoId' });
  if (row.content.size > MAX_DOCUMENT_BYTES) {
    throw new AppError(Codes.TOOL_DOCUMENT_TOO_LARGE, `工具文档不能超过 5 MB（“${row.fileName}”有 ${(row.content.size / 1024 / 1024).toFixed(1)} MB）`, { field: 'fileInfoId' });
  }
  const text = await readText(ctx, row);
  const checked = checkDocumentText(text, row.content.size, tool);
  if ('problem' in checked) throw new AppError(checked.problem.code, checked.problem.message, { field: 'fileInfoId' });
  return { fileInfoId: id, size: row.content.size };
}

/** The stored document's text (the file service's bytes). */
export async function readText(ctx: AppContext, row: Pick<FileInfoRow, 'content'>): Promise<string> {
  if (row.content.size === 0) return '';
  const stream = await ctx.files!.store.readRange(row.content.storageKey, 0, row.content.size - 1);
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array));
  return Buffer.concat(parts).toString('utf8');
}
