/**
 * Which uploaded files a lesson may show. A lesson's videos and cover are served to everyone who may
 * see the lesson (signed media links), so attaching a file is publishing it: a teacher may attach only
 * files they uploaded themselves, an administrator also the files of uploaders within their reach
 * (`adminScope`: a district administrator cannot publish another district's uploads by guessing their
 * ids, which count up). Files already on the lesson stay
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
import { adminScope, type OrgScope } from '../management/orgScope.js';
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
  let reach: OrgScope | undefined;
  /** An administrator's file of someone else: theirs to attach when the uploader is within reach. */
  const reachable = async (row: FileInfoRow | null): Promise<FileInfoRow | null> => {
    if (!row || row.userId === auth.user.id) return row;
    reach ??= await adminScope(ctx.db.orm, auth.roles);
    return reach.covers((await ctx.users.byId(row.userId))?.orgId) ? row : null;
  };
  for (const file of files) {
    const id = Number(file.fileInfoId);
    const row: FileInfoRow | null = !Number.isSafeInteger(id)
      ? null
      : alreadyAttached.has(file.fileInfoId)
        ? await repo.fileInfoById(id)
        : isAdmin(auth)
          ? await reachable(await repo.fileInfoById(id))
          : await repo.fileInfo(id, auth.user.id);
    // Out of reach answers as a missing file: the caller learns nothing of other districts' uploads.
    if (!row) {
      throw new AppError(Codes.NOT_FOUND, `参数 ${file.param} 对应的文件不存在，或不是你上传的：${file.fileInfoId}`, { field: `${file.param}` });
    }
    if (row.categoryCode !== KIND_CODE[file.kind]) {
      throw new AppError(Codes.BAD_REQUEST, `参数 ${file.param} 需要${KIND_NAME[file.kind]}文件，“${row.fileName}”不是`, { field: `${file.param}` });
    }
  }
}
