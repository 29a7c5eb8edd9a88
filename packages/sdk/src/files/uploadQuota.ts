/**
 * The storage quota as the server answers it (`GET /file/v1/file/quota`) and the one wording of a
 * refusal, shared so that the uploader's early refusal reads exactly like the server's (2510109).
 */

export interface UploadQuota {
  /** `staff`, `teacher`, `student` or `parent`. */
  quotaClass: string;
  /** The kind of account in Chinese (教师, 家长…). */
  quotaClassName: string;
  maxBytes: number;
  maxFiles: number;
  usedBytes: number;
  usedFiles: number;
  leftBytes: number;
  leftFiles: number;
}

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/** Readable sizes for messages: 1.5 GB, 20 MB, 300 KB, 12 字节. */
export function formatQuotaBytes(bytes: number): string {
  const fixed = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes >= GB) return `${fixed(bytes / GB)} GB`;
  if (bytes >= MB) return `${fixed(bytes / MB)} MB`;
  if (bytes >= KB) return `${fixed(bytes / KB)} KB`;
  return `${bytes} 字节`;
}

/** Whether one more file of `bytes` fits. */
export function quotaFits(q: Pick<UploadQuota, 'maxBytes' | 'maxFiles' | 'usedBytes' | 'usedFiles'>, bytes: number): boolean {
  return q.usedBytes + bytes <= q.maxBytes && q.usedFiles + 1 <= q.maxFiles;
}

/** The refusal: names the quota, what is used and what is left, and the file's size. */
export function quotaMessage(q: Pick<UploadQuota, 'quotaClassName' | 'maxBytes' | 'maxFiles' | 'usedBytes' | 'usedFiles'>, bytes: number): string {
  if (q.maxBytes === 0 || q.maxFiles === 0) return `${q.quotaClassName}账号没有上传空间（存储配额为 0），请联系管理员`;
  const leftBytes = Math.max(0, q.maxBytes - q.usedBytes);
  const leftFiles = Math.max(0, q.maxFiles - q.usedFiles);
  return (
    `存储配额不足：${q.quotaClassName}账号最多可存 ${formatQuotaBytes(q.maxBytes)}、${q.maxFiles} 个文件，` +
    `已用 ${formatQuotaBytes(q.usedBytes)}（${q.usedFiles} 个文件），剩余 ${formatQuotaBytes(leftBytes)}（${leftFiles} 个文件），` +
    `本文件 ${formatQuotaBytes(bytes)}。请联系管理员`
  );
}

/** The uploader's one line: 已用 1.2 GB / 20 GB（35 / 5000 个文件）. */
export function quotaSummary(q: Pick<UploadQuota, 'maxBytes' | 'maxFiles' | 'usedBytes' | 'usedFiles'>): string {
  return `已用 ${formatQuotaBytes(q.usedBytes)} / ${formatQuotaBytes(q.maxBytes)}（${q.usedFiles} / ${q.maxFiles} 个文件）`;
}
