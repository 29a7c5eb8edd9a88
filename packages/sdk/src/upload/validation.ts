import { Codes } from '../errors/index.js';
import { DsError } from '../errors/DsError.js';
import { characterCount, nameWithoutExtension, normaliseExtension, normaliseExtensionList } from './extension.js';
import { categoryOf, categoryOfMime, type ExtensionCategory, type FileCategory } from './fileCategory.js';
import { formatSize, MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, parseSize } from './size.js';
import { quotaFits, quotaMessage, type UploadQuota } from '../files/uploadQuota.js';

/** What a bureau configures for one uploader (spec §5). All checks are pure: no I/O, no clock. */
export interface ValidationRules {
  /** Allowed extensions (`uploadExtensions` of the file config): `'jpg,png'` or a list. Empty allows none. */
  allowedExtensions: string | readonly string[];
  /** Most files one uploader holds; extra files are trimmed. */
  maxCount?: number;
  /** Largest single file, `'500mb'`, `'300kb'`, `'1gb'` or bytes. */
  maxFileSize?: string | number;
  /** A stricter limit for some extensions (e.g. videos on mobile: `mobileUploadVideoMaxSize`). */
  sizeFilter?: { maxSize: string | number; extensions?: string | readonly string[] };
  /** Categories this uploader takes (a lesson video slot takes `['video']`). */
  accept?: readonly FileCategory[];
  /** The server's extension → category list. */
  categories?: readonly ExtensionCategory[];
  /** Name length limit without the extension; 200 unless a bureau says otherwise. */
  maxNameLength?: number;
  /**
   * The caller's storage quota as last read (`fetchUploadQuota`): a file that cannot fit is refused
   * before it is hashed, with the server's words (2510109). The server checks again either way.
   */
  quota?: Pick<UploadQuota, 'quotaClassName' | 'maxBytes' | 'maxFiles' | 'usedBytes' | 'usedFiles'>;
}

export interface CandidateFile {
  name: string;
  size: number;
  type: string;
}

export const DEFAULT_MAX_NAME_LENGTH = 200;

/** The first rule a file breaks, or undefined when it may be uploaded. */
export function validateFile(file: CandidateFile, rules: ValidationRules): DsError | undefined {
  const extension = normaliseExtension(file.name);
  const allowed = normaliseExtensionList(rules.allowedExtensions);
  if (!extension || !allowed.includes(extension)) {
    return new DsError(Codes.UNSUPPORTED_FILE_TYPE, {
      message: '已排除不符合上传格式的文件',
      messageEn: 'Files not matching the allowed upload formats were excluded',
    });
  }
  const maxName = rules.maxNameLength ?? DEFAULT_MAX_NAME_LENGTH;
  if (characterCount(nameWithoutExtension(file.name)) > maxName) {
    return new DsError(Codes.FILE_NAME_TOO_LONG, {
      message: `文件名长度不能超过${maxName}个字符`,
      messageEn: `The file name cannot exceed ${maxName} characters`,
    });
  }
  if (file.size <= 0) {
    return new DsError(Codes.EMPTY_FILE, { message: '请上传大于0KB的文件', messageEn: 'Please upload a file larger than 0KB' });
  }
  const perFile = rules.maxFileSize === undefined ? undefined : parseSize(rules.maxFileSize);
  const ceiling = Math.min(perFile ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
  if (file.size > ceiling) {
    const limit = perFile !== undefined && perFile <= MAX_UPLOAD_BYTES ? display(rules.maxFileSize!) : MAX_UPLOAD_LABEL;
    return new DsError(Codes.FILE_TOO_LARGE, { message: `每个文件不能超过${limit}`, messageEn: `Each file must not exceed ${limit}` });
  }
  const filterError = checkSizeFilter(file.size, extension, rules.sizeFilter);
  if (filterError) return filterError;
  if (isMismatch(file, extension, rules)) {
    return new DsError(Codes.FILE_EXTENSION_MISMATCH, {
      message: '上传的文件格式不匹配',
      messageEn: 'The format of the uploaded file does not match',
    });
  }
  return undefined;
}

function checkSizeFilter(size: number, extension: string, filter: ValidationRules['sizeFilter']): DsError | undefined {
  if (!filter) return undefined;
  const max = parseSize(filter.maxSize);
  if (max === undefined) return undefined;
  if (filter.extensions !== undefined && !normaliseExtensionList(filter.extensions).includes(extension)) return undefined;
  if (size < max) return undefined;
  const limit = display(filter.maxSize);
  return new DsError(Codes.FILE_TOO_LARGE, { message: `请上传小于${limit}的文件`, messageEn: `Please upload a file smaller than ${limit}` });
}

function isMismatch(file: CandidateFile, extension: string, rules: ValidationRules): boolean {
  const category = categoryOf(extension, rules.categories);
  if (rules.accept && rules.accept.length > 0 && !rules.accept.includes(category)) return true;
  // A name that says "video" on bytes the browser calls an image is a renamed file.
  const mimeCategory = categoryOfMime(file.type);
  const nameCategory = category === 'picture' || category === 'video' || category === 'audio' ? category : undefined;
  return mimeCategory !== undefined && nameCategory !== undefined && mimeCategory !== nameCategory;
}

function display(size: string | number): string {
  return typeof size === 'number' ? formatSize(size) : size.replace(/\s+/g, '').toUpperCase();
}

export interface SelectionResult<T> {
  accepted: T[];
  rejected: Array<{ file: T; error: DsError }>;
  /** One notice per distinct message, in the order they first happened (what a toast shows). */
  notices: DsError[];
}

/**
 * Checks a new selection against the rules and the files already held: extra files beyond
 * `maxCount` are trimmed ("已达到最大上传数量"), the rest are checked one by one.
 */
export function validateSelection<T extends CandidateFile>(
  files: readonly T[],
  rules: ValidationRules,
  alreadyHeld = 0,
): SelectionResult<T> {
  const result: SelectionResult<T> = { accepted: [], rejected: [], notices: [] };
  const seen = new Set<string>();
  const notice = (error: DsError) => {
    const key = `${error.code}:${error.messageZh}`;
    if (!seen.has(key)) {
      seen.add(key);
      result.notices.push(error);
    }
  };
  const room = rules.maxCount === undefined ? Infinity : Math.max(0, rules.maxCount - alreadyHeld);
  // Files accepted from this selection take their room in the quota as they are accepted.
  let quota = rules.quota;
  for (const file of files) {
    const error = validateFile(file, rules) ?? (quota && !quotaFits(quota, file.size) ? new DsError(Codes.NO_UPLOAD_PERMISSION, { message: quotaMessage(quota, file.size) }) : undefined);
    if (error) {
      result.rejected.push({ file, error });
      notice(error);
    } else if (result.accepted.length >= room) {
      const trimmed = new DsError(Codes.UPLOAD_COUNT_EXCEEDED, {
        message: '已达到最大上传数量',
        messageEn: 'The maximum number of uploads has been reached',
      });
      result.rejected.push({ file, error: trimmed });
      notice(trimmed);
    } else {
      result.accepted.push(file);
      if (quota) quota = { ...quota, usedBytes: quota.usedBytes + file.size, usedFiles: quota.usedFiles + 1 };
    }
  }
  return result;
}
