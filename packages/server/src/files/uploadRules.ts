/**
 * The limits the server enforces on every upload, whatever the client checked (spec §5, §9).
 * Each failure names what is wrong, in Chinese, with the catalogue's code.
 */
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import type { FileConfig } from './fileConfig.js';

export const MIN_CHUNK_SIZE = 64 * 1024;
export const MAX_CHUNK_SIZE = 64 * 1024 * 1024;
export const MAX_NAME_LENGTH = 200;
const MD5 = /^[0-9a-f]{32}$/;

/** Same rule as the SDK's normaliseExtension: last dot part, lower-case, trailing dots/spaces dropped. */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1).replace(/[.\s]+$/, '');
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).trim().toLowerCase() : '';
}

export function checkMd5(fileMd5: string): string {
  const md5 = fileMd5.trim().toLowerCase();
  if (!MD5.test(md5)) throw new AppError(Codes.BAD_REQUEST, `参数 fileMd5 格式不正确：应为 32 位十六进制 MD5，收到“${fileMd5.slice(0, 40)}”`, { field: 'fileMd5' });
  return md5;
}

/** U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069: the Unicode bidirectional formatting characters. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** A name is kept as metadata only; it must still be printable, read as stored, and within the spec's 200 characters. */
export function checkFileName(fileName: string): string {
  const name = fileName.replace(/^.*[\\/]/, '').trim();
  if (name === '') throw new AppError(Codes.MISSING_PARAMETER, '缺少参数：fileName（文件名不能为空）', { field: 'fileName' });
  // Control characters are exactly what this refuses.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) throw new AppError(Codes.BAD_REQUEST, '参数 fileName 含有控制字符，请重命名后再上传', { field: 'fileName' });
  // Direction marks and overrides can show "gpj.exe" as "exe.jpg": a name must read as it is stored.
  if (BIDI_CONTROLS.test(name)) {
    throw new AppError(Codes.BAD_REQUEST, '参数 fileName 含有改变文字方向的不可见字符，请重命名后再上传', { field: 'fileName' });
  }
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  if (Array.from(stem).length > MAX_NAME_LENGTH) throw new AppError(Codes.FILE_NAME_TOO_LONG);
  return name;
}

/** The extension the file is judged on: from the name, and it must agree with a declared one. */
export function checkExtension(config: FileConfig, fileName: string, declared?: string): string {
  const extension = extensionOf(fileName);
  const allowed = config.uploadExtensions.split(',');
  if (!extension || !allowed.includes(extension)) {
    throw new AppError(Codes.UNSUPPORTED_FILE_TYPE, `不支持的文件类型“${extension || '无扩展名'}”，允许的类型：${allowed.join('、')}`);
  }
  const given = declared?.trim().replace(/^\./, '').toLowerCase();
  if (given && given !== extension) {
    throw new AppError(Codes.FILE_EXTENSION_MISMATCH, `上传的文件格式不匹配：文件名的扩展名是“${extension}”，参数 extension 却是“${given}”`, { field: 'extension' });
  }
  return extension;
}

export function checkTotalSize(config: FileConfig, totalSize: number): void {
  if (!Number.isSafeInteger(totalSize) || totalSize < 0) throw new AppError(Codes.BAD_REQUEST, `参数 totalSize 必须是非负整数，收到 ${totalSize}`, { field: 'totalSize' });
  if (totalSize === 0) throw new AppError(Codes.EMPTY_FILE, '请上传大于0KB的文件');
  const max = config.uploadMaxSize * 1024 * 1024;
  if (totalSize > max) throw new AppError(Codes.FILE_TOO_LARGE, `每个文件不能超过${config.uploadMaxSize}MB（本文件 ${totalSize} 字节）`);
}

export interface ChunkPlan {
  chunkSize: number;
  chunks: number;
  totalSize: number;
}

/**
 * chunkSize within bounds (at most the configured `uploadChunkSize`; only the last chunk may be
 * smaller), chunks = ceil(totalSize / chunkSize), index in [0, chunks).
 */
export function checkChunkPlan(plan: ChunkPlan, index?: number, maxChunkSize = MAX_CHUNK_SIZE): void {
  const { chunkSize, chunks, totalSize } = plan;
  if (!Number.isSafeInteger(chunkSize) || chunkSize <= 0) throw new AppError(Codes.BAD_REQUEST, `参数 chunkSize 必须是正整数，收到 ${chunkSize}`, { field: 'chunkSize' });
  const max = Math.min(maxChunkSize, MAX_CHUNK_SIZE);
  if (chunkSize > max) {
    throw new AppError(Codes.BAD_REQUEST, `参数 chunkSize 不能大于服务器配置的分片大小 ${max} 字节（${Math.round((max / 1048576) * 10) / 10} MB），收到 ${chunkSize} 字节`, { field: 'chunkSize' });
  }
  const expected = Math.max(1, Math.ceil(totalSize / chunkSize));
  if (expected > 1 && chunkSize < MIN_CHUNK_SIZE) throw new AppError(Codes.BAD_REQUEST, `参数 chunkSize 不能小于 ${MIN_CHUNK_SIZE} 字节（64 KB），收到 ${chunkSize}`, { field: 'chunkSize' });
  if (chunks !== expected) {
    throw new AppError(Codes.BAD_REQUEST, `参数 chunks 与文件大小不符：${totalSize} 字节按每片 ${chunkSize} 字节应分为 ${expected} 片，收到 ${chunks}`, { field: 'chunks' });
  }
  if (index !== undefined && (!Number.isInteger(index) || index < 0 || index >= chunks)) {
    throw new AppError(Codes.BAD_REQUEST, `参数 chunk 超出范围：分片序号应在 0 到 ${chunks - 1} 之间，收到 ${index}`, { field: 'chunk' });
  }
}

/** Bytes chunk `index` must hold: chunkSize, except the last which holds the rest. */
export function expectedChunkBytes(plan: ChunkPlan, index: number): number {
  return index === plan.chunks - 1 ? plan.totalSize - plan.chunkSize * (plan.chunks - 1) : plan.chunkSize;
}

/** Where chunk `index` lies in the whole file: `[start, end)`. */
export function chunkSpan(plan: ChunkPlan, index: number): { index: number; start: number; end: number } {
  const start = plan.chunkSize * index;
  return { index, start, end: start + expectedChunkBytes(plan, index) };
}
