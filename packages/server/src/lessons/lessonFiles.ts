/**
 * Which uploaded files a lesson may show. A lesson's videos and cover are served to everyone who may
 * see the lesson (signed media links), so attaching a file is publishing it: a teacher may attach only
 * files they uploaded themselves, an administrator any stored file. Files already on the lesson stay
 * allowed, so a teacher can edit a lesson an administrator put a file on. The kind must fit too: a
 * video for a video, a picture for the cover.
 */
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import type { AuthUser } from '../http/guard.js';
import { FileCategory } from '../files/fileConfig.js';
import { FileRepo } from '../files/fileRepo.js';
import type { FileInfoRow } from '../files/fileRows.js';
import { isAdmin } from './access.js';

export interface AttachedFile {
  /** The parameter the file came in, for the error message (`resources[0].fileInfoId`). */
  param: string;
  fileInfoId: string;
  kind: 'video' | 'picture';
}

const KIND_CODE = { video: FileCategory.VIDEO, picture: FileCategory.PICTURE } as const;
const KIND_NAME = { video: '视频', picture: '图片' } as const;

export async function checkLessonFiles(ctx: AppContext, auth: AuthUser, files: AttachedFile[], alreadyAttached: ReadonlySet<string>): Promise<void> {
  const repo = ctx.files?.repo ?? new FileRepo(ctx.db);
  const admin = isAdmin(auth);
  for (const file of files) {
    const id = Number(file.fileInfoId);
    const row: FileInfoRow | null = Number.isSafeInteger(id)
      ? admin || alreadyAttached.has(file.fileInfoId)
        ? await repo.fileInfoById(id)
        : await repo.fileInfo(id, auth.user.id)
      : null;
    if (!row) {
      throw new AppError(Codes.NOT_FOUND, `参数 ${file.param} 对应的文件不存在，或不是你上传的：${file.fileInfoId}`, { field: `${file.param}` });
    }
    if (row.categoryCode !== KIND_CODE[file.kind]) {
      throw new AppError(Codes.BAD_REQUEST, `参数 ${file.param} 需要${KIND_NAME[file.kind]}文件，“${row.fileName}”不是`, { field: `${file.param}` });
    }
  }
}
