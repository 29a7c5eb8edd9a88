/** Exist (秒传 + proof), register, chunk upload and chunk map: the calls of contracts.md "Upload calls". */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { byteCountSchema, checkStorableText } from '../http/schemaRules.js';
import type { ChunkFields, ChunkService } from './chunkService.js';
import type { PossessionService } from './possessionService.js';
import type { FileInfoRow } from './fileRepo.js';
import { toFileInfoView } from './fileInfoView.js';
import { dispositionTypeOf } from './contentSniff.js';
import { readForm } from './multipartForm.js';
import type { UploadQuotas } from './uploadQuota.js';

export const view = (row: FileInfoRow | undefined) => (row ? toFileInfoView(row, dispositionTypeOf(row.extension)) : undefined);

const md5 = { type: 'string', minLength: 1, maxLength: 64 } as const;
const name = { type: 'string', minLength: 1, maxLength: 1024 } as const;
const extension = { type: 'string', maxLength: 32 } as const;

function integerField(fields: Record<string, string>, key: string, required: boolean): number | undefined {
  const raw = fields[key]?.trim();
  if (raw === undefined || raw === '') {
    if (required) throw new AppError(Codes.MISSING_PARAMETER, `缺少参数：${key}`, { field: `${key}` });
    return undefined;
  }
  if (!/^-?\d{1,16}$/.test(raw)) throw new AppError(Codes.BAD_REQUEST, `参数 ${key} 必须是整数，收到“${raw.slice(0, 40)}”`, { field: `${key}` });
  return Number(raw);
}

export function chunkFieldsOf(fields: Record<string, string>): ChunkFields {
  for (const key of ['fileMd5', 'fileName']) if (!fields[key]) throw new AppError(Codes.MISSING_PARAMETER, `缺少参数：${key}`, { field: `${key}` });
  for (const [key, value] of Object.entries(fields)) checkStorableText(key, value);
  const fileInfoId = integerField(fields, 'fileInfoId', false);
  const businessCode = fields.businessCode?.trim();
  if (businessCode && !/^\d{1,16}$/.test(businessCode)) throw new AppError(Codes.BAD_REQUEST, `参数 businessCode 格式不正确：“${businessCode.slice(0, 40)}”`, { field: 'businessCode' });
  return {
    chunkSize: integerField(fields, 'chunkSize', true)!,
    extension: fields.extension,
    fileMd5: fields.fileMd5!,
    fileName: fields.fileName!,
    totalSize: integerField(fields, 'totalSize', true)!,
    supportSourceFlag: integerField(fields, 'supportSourceFlag', false) === 1 ? 1 : 0,
    fileInfoId: fileInfoId === undefined || fileInfoId === -1 ? undefined : fileInfoId,
    businessCode: businessCode || undefined,
    chunk: integerField(fields, 'chunk', true)!,
    chunks: integerField(fields, 'chunks', true)!,
  };
}

export async function uploadRoutes(app: FastifyInstance, ctx: AppContext, chunks: ChunkService, possession: PossessionService, quotas: UploadQuotas): Promise<void> {
  const guard = ctx.guard.requireUser;

  // The caller's storage quota: what the uploader shows and checks before it starts.
  app.get('/file/v1/file/quota', { preValidation: guard }, async (request) => ok(await quotas.view(request.auth!), localeOf(request)));

  app.post<{ Body: { extension?: string; fileMd5: string; fileName: string; fileSize?: number; challengeId?: string; proof?: string } }>(
    '/file/v1/file/exist',
    {
      preValidation: guard,
      schema: {
        body: {
          type: 'object',
          required: ['fileMd5', 'fileName'],
          properties: { extension, fileMd5: md5, fileName: name, fileSize: byteCountSchema, challengeId: { type: 'string', maxLength: 64 }, proof: { type: 'string', maxLength: 64 } },
        },
      },
    },
    async (request) => {
      const answer = await possession.exist(request.auth!, request.body);
      return ok({ ...answer, fileInfo: view(answer.fileInfo) }, localeOf(request));
    },
  );

  app.post<{ Body: { extension?: string; fileMd5: string; fileName: string; supportSourceFlag?: number } }>(
    '/file/v1/file/info',
    {
      preValidation: guard,
      schema: {
        body: {
          type: 'object',
          required: ['fileMd5', 'fileName'],
          properties: { extension, fileMd5: md5, fileName: name, supportSourceFlag: { type: 'integer', enum: [0, 1] } },
        },
      },
    },
    async (request) => ok(view(await possession.register(request.auth!, request.body)), localeOf(request)),
  );

  app.post<{ Body: { fileMd5: string; fileName: string; totalSize: number; chunkSize?: number } }>(
    '/file/v1/file/upload/status',
    {
      preValidation: guard,
      schema: {
        body: {
          type: 'object',
          required: ['fileMd5', 'fileName', 'totalSize'],
          properties: { fileMd5: md5, fileName: name, totalSize: byteCountSchema, chunkSize: { type: 'integer', minimum: 0 } },
        },
      },
    },
    async (request) => {
      const answer = await chunks.status(request.auth!.user.id, { ...request.body, chunkSize: request.body.chunkSize ?? 0 });
      return ok({ ...answer, fileInfo: view(answer.fileInfo) }, localeOf(request));
    },
  );

  // The uploader's 取消: the caller's unfinished upload of this file goes at once, and with it the room it
  // held of the quota (a stored file is never touched here).
  app.post<{ Body: { fileMd5: string; fileName: string; totalSize: number } }>(
    '/file/v1/file/upload/cancel',
    {
      preValidation: guard,
      schema: {
        body: { type: 'object', required: ['fileMd5', 'fileName', 'totalSize'], properties: { fileMd5: md5, fileName: name, totalSize: byteCountSchema } },
      },
    },
    async (request) => ok({ cancelled: await chunks.cancel(request.auth!.user.id, request.body) }, localeOf(request)),
  );

  // Multipart is accepted by this route only; every other route stays JSON-only.
  await app.register(async (scope) => {
    // A chunk larger than the configured size is refused; its bytes beyond the limit are not even buffered.
    const maxChunk = chunks.maxChunkSize + 1;
    await scope.register(multipart, { limits: { fileSize: maxChunk } });
    scope.post('/api/file/v1/file/block', { preValidation: guard }, async (request) => {
      const owner = request.auth!;
      let fields: Record<string, string> = {};
      try {
        const answer = await readForm(request, { fileSize: maxChunk }, (read, file) => chunks.receive(owner, chunkFieldsOf((fields = read)), file));
        return ok({ fileInfoId: answer.fileInfoId, fileInfo: view(answer.fileInfo) }, localeOf(request));
      } catch (err) {
        if (!clientWentAway(request.raw)) throw err;
        // A paused, cancelled or reloaded page: nothing was acknowledged, the chunk is simply sent again.
        app.log.warn(
          { fileInfoId: fields.fileInfoId ?? null, fileMd5: fields.fileMd5 ?? null, chunk: fields.chunk ?? null, chunks: fields.chunks ?? null },
          `chunk upload aborted by the client: upload ${fields.fileInfoId ?? fields.fileMd5 ?? '?'} chunk ${fields.chunk ?? '?'}`,
        );
        throw new AppError(Codes.UPLOAD_FAILED, '分片上传被客户端中断，该分片未保存，请重新发送');
      }
    });
  });
}

/** The request body ended early because the client closed the connection (not a server fault). */
function clientWentAway(raw: IncomingMessage): boolean {
  return !raw.complete && (raw.destroyed || raw.readableAborted);
}
