/**
 * Reads a multipart form the way S3 does: text fields first, then the part named `file`, whose
 * stream goes to `onFile` with the fields read so far. Anything after the file is drained and
 * ignored. On failure the rest of the body is still read, so the client gets the error answer
 * instead of a reset connection.
 */
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';

export interface FormLimits {
  fileSize: number;
}

async function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  stream.resume();
  await new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

const FIELD_SIZE = 64 * 1024;

/** Errors of the connection or of a size limit, which keep their own answers. */
function isStreamFault(error: unknown): boolean {
  const e = error as { code?: string; statusCode?: number } | null;
  return Boolean(e && ((e.code && /^(ECONNRESET|EPIPE|ERR_STREAM_PREMATURE_CLOSE|ABORT_ERR|FST_)/.test(e.code)) || (e.statusCode && e.statusCode < 500)));
}

/**
 * A broken form (cut short, another boundary, no boundary) is the client's fault and is said clearly;
 * our own failures, limits and a client gone away keep their own answers.
 */
function formError(request: FastifyRequest, error: unknown): unknown {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/boundary not found/i.test(message)) return new AppError(Codes.BAD_REQUEST, '上传表单格式错误：Content-Type 中缺少 boundary 参数', { cause: error });
  // A body that did not arrive whole is a client gone away (logged as such), not a broken form.
  if (!request.raw.complete || isStreamFault(error) || !/unexpected end|multipart/i.test(message)) return error;
  return new AppError(Codes.BAD_REQUEST, '上传表单格式错误：表单数据不完整（缺少结束边界，或与 Content-Type 中的 boundary 不符）', { cause: error });
}

export async function readForm<T>(
  request: FastifyRequest,
  limits: FormLimits,
  onFile: (fields: Record<string, string>, file: Readable) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) {
    throw new AppError(Codes.UNSUPPORTED_MEDIA_TYPE, `不支持的内容类型“${request.headers['content-type'] ?? ''}”，请使用 multipart/form-data 上传文件`);
  }
  const fields: Record<string, string> = {};
  let result: { value: T } | undefined;
  let failure: { error: unknown } | undefined;
  const parts = request.parts({ limits: { fileSize: limits.fileSize, files: 3, fields: 40, fieldSize: FIELD_SIZE } });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        // A value longer than the limit arrives cut short: refuse it rather than use the stump.
        if (part.valueTruncated && !failure) {
          failure = { error: new AppError(Codes.BAD_REQUEST, `表单字段 ${part.fieldname.slice(0, 40)} 过长：最多 ${FIELD_SIZE / 1024} KB`, { field: part.fieldname.slice(0, 40) }) };
        }
        if (!result && !failure) fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || result || failure) {
        await drain(part.file);
        continue;
      }
      try {
        result = { value: await onFile(fields, part.file) };
      } catch (error) {
        failure = { error };
      }
      await drain(part.file);
    }
  } catch (error) {
    // A part over the size limit ends the form; a refusal already decided from the fields says more.
    // Anything else (a broken form, a client gone mid-body) is reported as formError says.
    if (!failure || (error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw formError(request, error);
  }
  if (failure) throw formError(request, failure.error);
  if (!result) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数：file（表单中没有名为 file 的文件部分）', { field: 'file' });
  return result.value;
}
