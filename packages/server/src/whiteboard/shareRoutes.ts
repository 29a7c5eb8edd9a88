/**
 * Read-only links to a tool document (docs/api.md "Whiteboard resources"). The owner makes a link
 * (a new random 256-bit token each time; a former link stops working) or revokes it; anyone holding
 * the link reads the resource and its document, never more: the owner-only writes stay as they are,
 * and the answer leaves out the file's id and download address. Only the token's sha256 is stored,
 * looked up on every call, so a revocation takes effect at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { idSchema } from '../db/ids.js';
import { whiteboardShares } from '../db/schema.js';
import { requireTeacher } from '../lessons/access.js';
import { WhiteboardRepo, type WhiteboardRow } from './whiteboardRepo.js';
import { readText } from './toolDocumentFile.js';
import { toResource } from './whiteboardView.js';
import { WHITEBOARD } from './whiteboardRoutes.js';

export const WHITEBOARD_SHARE = '/business/v1/whiteboardShare';

const tokenParams = { type: 'object', required: ['token'], properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } } } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export async function shareRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const orm = ctx.db.orm;
  const repo = new WhiteboardRepo(orm);
  const teacher = { preValidation: requireTeacher(ctx) };

  /** The caller's own document (anyone else: 404, as for every owner call). */
  async function owned(request: FastifyRequest, id: string): Promise<WhiteboardRow> {
    const row = await repo.find(id);
    if (!row || row.ownerId !== request.auth!.user.id) throw new AppError(Codes.NOT_FOUND, `工具文档不存在：${id}`);
    return row;
  }

  /** The document a live link opens. */
  async function shared(token: string): Promise<WhiteboardRow> {
    const [link] = await orm.select({ resourceId: whiteboardShares.resourceId }).from(whiteboardShares).where(eq(whiteboardShares.tokenSha256, digest(token)));
    const row = link ? await repo.find(link.resourceId) : undefined;
    if (!row) throw new AppError(Codes.NOT_FOUND, '分享链接无效或已被撤销');
    return row;
  }

  app.post<{ Params: { id: string } }>(`${WHITEBOARD}/:id/share`, { ...teacher, schema: { params: idParams, body: { type: ['object', 'null'], properties: {}, additionalProperties: false } } }, async (request) => {
    const row = await owned(request, request.params.id);
    const token = randomBytes(32).toString('base64url');
    const createTime = ctx.now();
    await orm
      .insert(whiteboardShares)
      .values({ resourceId: row.id, tokenSha256: digest(token), createdAt: createTime })
      .onConflictDoUpdate({ target: whiteboardShares.resourceId, set: { tokenSha256: digest(token), createdAt: createTime } });
    return ok({ shareToken: token, createTime }, localeOf(request));
  });

  app.get<{ Params: { id: string } }>(`${WHITEBOARD}/:id/share`, { ...teacher, schema: { params: idParams } }, async (request) => {
    const row = await owned(request, request.params.id);
    const [link] = await orm.select({ createdAt: whiteboardShares.createdAt }).from(whiteboardShares).where(eq(whiteboardShares.resourceId, row.id));
    return ok({ shared: link !== undefined, createTime: link?.createdAt ?? null }, localeOf(request));
  });

  app.delete<{ Params: { id: string } }>(`${WHITEBOARD}/:id/share`, { ...teacher, schema: { params: idParams } }, async (request) => {
    const row = await owned(request, request.params.id);
    await orm.delete(whiteboardShares).where(eq(whiteboardShares.resourceId, row.id));
    return ok(null, localeOf(request));
  });

  app.get<{ Params: { token: string } }>(`${WHITEBOARD_SHARE}/:token`, { config: { public: true }, schema: { params: tokenParams } }, async (request) => {
    const { dataUrl: _dataUrl, fileInfoId: _fileInfoId, ...resource } = toResource(await shared(request.params.token));
    return ok({ ...resource, readOnly: true }, localeOf(request));
  });

  app.get<{ Params: { token: string } }>(`${WHITEBOARD_SHARE}/:token/document`, { config: { public: true }, schema: { params: tokenParams } }, async (request) => {
    const row = await shared(request.params.token);
    const file = await ctx.files?.repo.fileInfoById(row.fileInfoId);
    if (!file) throw new AppError(Codes.NOT_FOUND, `工具文档的文件不存在：${row.fileInfoId}`);
    return ok(JSON.parse(await readText(ctx, file)) as unknown, localeOf(request));
  });
}
