/** Object-store mode: signature (two paths the spec names), the reference form endpoint, cloud/save. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { byteCountSchema } from '../http/schemaRules.js';
import type { CloudSaveRequest, ObjectStoreService } from './objectStoreService.js';
import type { FileConfig } from './fileConfig.js';
import { readForm } from './multipartForm.js';
import { view } from './uploadRoutes.js';

const signatureProps = {
  businessCode: { type: ['string', 'integer'], maxLength: 16 },
  fileMd5: { type: 'string', minLength: 1, maxLength: 64 },
  isDsidealFile: { type: ['integer', 'string'], maxLength: 4 },
} as const;

type SignatureQuery = { businessCode?: string | number; fileMd5: string };

/**
 * `publicBaseUrl`: the configured public origin (PUBLIC_BASE_URL, or '' for an address relative to the
 * API base). The upload address is never built from the request's Host header, which a client chooses.
 */
export async function objectStoreRoutes(app: FastifyInstance, ctx: AppContext, service: ObjectStoreService, config: FileConfig, publicBaseUrl: string): Promise<void> {
  const guard = ctx.guard.requireUser;
  const sign = (request: FastifyRequest, q: SignatureQuery) =>
    service.signature(request.auth!.user.id, { fileMd5: q.fileMd5, businessCode: q.businessCode === undefined ? undefined : String(q.businessCode) }, publicBaseUrl);

  app.post<{ Body: SignatureQuery }>(
    '/file/v1/obs/signature/info',
    { preValidation: guard, schema: { body: { type: 'object', required: ['fileMd5'], properties: signatureProps } } },
    async (request) => ok(await sign(request, request.body), localeOf(request)),
  );

  app.get<{ Querystring: SignatureQuery }>(
    '/dsideal_yy/uploadres/getSignatureInfo',
    { preValidation: guard, schema: { querystring: { type: 'object', required: ['fileMd5'], properties: signatureProps } } },
    async (request) => ok(await sign(request, request.query), localeOf(request)),
  );

  app.post<{ Body: CloudSaveRequest }>(
    '/file/v1/file/info/cloud/save',
    {
      preValidation: guard,
      schema: {
        body: {
          type: 'object',
          required: ['fileMd5', 'fileName', 'totalSize', 'objectKey'],
          properties: {
            extension: { type: 'string', maxLength: 32 },
            fileMd5: { type: 'string', minLength: 1, maxLength: 64 },
            fileName: { type: 'string', minLength: 1, maxLength: 1024 },
            supportSourceFlag: { type: 'integer', enum: [0, 1] },
            totalSize: byteCountSchema,
            objectKey: { type: 'string', minLength: 1, maxLength: 512 },
            businessCode: { type: ['string', 'integer'], maxLength: 16 },
          },
        },
      },
    },
    async (request) => {
      const body = { ...request.body, businessCode: request.body.businessCode === undefined ? undefined : String(request.body.businessCode) };
      return ok(view(await service.cloudSave(request.auth!, body)), localeOf(request));
    },
  );

  // Public like a bucket: the signed policy is the permission, and the browser sends no platform token here.
  const maxBytes = config.uploadMaxSize * 1024 * 1024;
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes + 1 } });
    scope.post('/file/v1/obs/upload', { config: { public: true } }, async (request, reply) => {
      await readForm(request, { fileSize: maxBytes + 1 }, (fields, file) => service.acceptForm(fields, file));
      return reply.status(204).send();
    });
  });
}
