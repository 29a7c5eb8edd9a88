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
  const parts = request.parts({ limits: { fileSize: limits.fileSize, files: 3, fields: 40, fieldSize: 64 * 1024 } });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
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
    // Anything else (a client gone mid-body) is reported as it is.
    if (!failure || (error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
  }
  if (failure) throw failure.error;
  if (!result) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数：file（表单中没有名为 file 的文件部分）', { field: 'file' });
  return result.value;
}
