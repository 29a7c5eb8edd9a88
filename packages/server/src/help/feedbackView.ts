/** A feedback as the API answers it, to its author and to the back-office; and the role label stored with it. */
import { Identities, Roles } from '@dscloud/sdk/codes';
import { mediaThumbUrl } from '@dscloud/sdk/files';
import type { ApplyStatus, FeedbackType, ManagedFeedback, MyFeedback } from '@dscloud/sdk/help';
import type { AuthUser } from '../http/guard.js';
import type { FileUrl } from '../lessons/lessonView.js';
import type { FeedbackRow, ListedFeedback } from './feedbackRepo.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** How the back-office names the author's role: their first role, else their identity (教师, 学生, 家长). */
export function roleLabelOf(auth: AuthUser): string {
  const role = auth.roles.map((r) => Roles.find(r.roleCode)).find((entry) => entry !== undefined);
  return role?.label ?? Identities.find(auth.user.identityCode)?.label ?? '';
}

export function toMyFeedback(r: FeedbackRow, fileUrl: FileUrl): MyFeedback {
  return {
    id: r.id,
    type: r.type as FeedbackType,
    content: r.content,
    contact: r.contact,
    // Screenshots are stored pictures: lists show their thumbnail (the same signed link with `/thumb`).
    screenshots: r.screenshotFileIds.map((fileId) => {
      const url = fileUrl(fileId);
      return { fileId, url, thumbUrl: mediaThumbUrl(url) };
    }),
    applyStatus: r.applyStatus as ApplyStatus,
    ...(r.reply !== null ? { reply: r.reply } : {}),
    ...(r.repliedAt !== null ? { repliedAt: iso(r.repliedAt) } : {}),
    createdAt: iso(r.createdAt),
  };
}

export function toManagedFeedback(r: ListedFeedback, fileUrl: FileUrl): ManagedFeedback {
  return {
    ...toMyFeedback(r, fileUrl),
    userId: r.userId,
    userName: r.userName,
    role: r.role,
    orgName: r.orgName,
    context: r.context ?? null,
  };
}
