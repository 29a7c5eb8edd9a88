/** The `fileInfo` object clients receive (spec §3 "file download info" plus what the uploader shows). */
import { FileCategory, fileConfig } from './fileConfig.js';
import type { FileInfoRow } from './fileRepo.js';
import { Thumbnails } from './thumbnails.js';

export interface FileInfoView {
  fileInfoId: number;
  fileMd5: string;
  fileName: string;
  extension: string;
  fileSize: number;
  fileCategoryCode: number;
  contentType: string;
  /** Download path on this server (`fileServerPath/{fileInfoId}`). */
  path: string;
  /** The picture's thumbnail (owner, token; made on first request): '' for what is not a picture. */
  thumbUrl: string;
  downloadType: 'inline' | 'attachment';
  supportSourceFlag: number;
  businessCode: string | null;
  createTime: number;
}

const categories = new Map(fileConfig().extensions.map((e) => [e.extension, e.fileCategoryCode]));

export function categoryOf(extension: string): number {
  return categories.get(extension) ?? FileCategory.OTHER;
}

export function toFileInfoView(row: FileInfoRow, disposition: 'inline' | 'attachment'): FileInfoView {
  return {
    fileInfoId: row.id,
    fileMd5: row.content.md5,
    fileName: row.fileName,
    extension: row.extension,
    fileSize: row.content.size,
    fileCategoryCode: row.categoryCode,
    contentType: row.content.mime,
    path: `${fileConfig().fileServerPath}/${row.id}`,
    thumbUrl: Thumbnails.fits(row.content) ? `/file/v1/file/thumb/${row.id}` : '',
    downloadType: disposition,
    supportSourceFlag: row.supportSourceFlag,
    businessCode: row.businessCode,
    createTime: row.createdAt,
  };
}
