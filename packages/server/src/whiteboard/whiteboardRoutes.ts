/**
 * `/business/v1/whiteboardResource`: the tool documents of `<ds-tool-editor>` (spec §3, §4 "tool
 * editor save", §7; docs/api.md "Whiteboard resources"). The document is a JSON file uploaded through
 * the file service first; a save names it by `fileInfoId` and the server checks it (the caller's own
 * upload, ≤ 5 MB, JSON, this tool's). Only the owner writes; the owner and the administrators whose
 * organisation subtree holds the owner read; to anyone else a resource does not exist. Every update names the version it read: a stale one is
 * refused with 409 and the current resource, so two tabs never overwrite each other silently. Deleting
 * a resource gives its file back when nothing else names it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import { businessTypeOf, TOOL_IDS, type NodeSelection, type ToolId, type WhiteboardCreate, type WhiteboardQuery, type WhiteboardUpdate } from '@dscloud/sdk/tools';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { idSchema, newId } from '../db/ids.js';
import { pageProps } from '../http/schemaRules.js';
import { isAdmin, requireTeacher } from '../lessons/access.js';
import { adminScope } from '../management/orgScope.js';
import { CurriculumRepo } from '../curriculum/curriculumRepo.js';
import { WhiteboardRepo, type WhiteboardRow } from './whiteboardRepo.js';
import { checkDocumentFile, readText } from './toolDocumentFile.js';
import { toResource } from './whiteboardView.js';
import { releaseFileInfo } from '../files/fileRelease.js';
import { heavy } from '../http/heavyRoutes.js';

export const WHITEBOARD = '/business/v1/whiteboardResource';
const P = WHITEBOARD;

const title = { type: 'string', minLength: 1, maxLength: 100 } as const;
const fileInfoId = { type: 'string', pattern: '^[0-9]{1,15}$' } as const;
const label = { type: 'string', maxLength: 200 } as const;
/** The node selection of spec §3; the server fills the labels from the curriculum by `nodeId`. */
const nodeProps = { nodeId: idSchema, nodeLabel: label, businessBookId: idSchema, businessBookLabel: label, businessEditionId: idSchema } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

export async function whiteboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new WhiteboardRepo(ctx.db.orm);
  const curriculum = new CurriculumRepo(ctx.db.orm);
  const teacher = { preValidation: requireTeacher(ctx) };
  const signedIn = { preValidation: ctx.guard.requireUser };

  /** The node selection of a save, from the curriculum (the labels a client sends are not trusted). */
  async function nodeOf(nodeId: string | undefined): Promise<Partial<Record<keyof NodeSelection, string | null>>> {
    if (nodeId === undefined) return {};
    const node = await curriculum.node(nodeId);
    const book = node?.bookId ? await curriculum.book(node.bookId) : undefined;
    if (!node || !book) throw new AppError(Codes.NOT_FOUND, `参数 nodeId 对应的教材章节不存在：${nodeId}`, { field: 'nodeId' });
    return { nodeId: node.nodeId, nodeLabel: node.name, businessBookId: book.bookId, businessBookLabel: book.name, businessEditionId: book.editionId };
  }

  /** A resource the caller may read (the owner, or an administrator reaching the owner's organisation); anyone else gets 404. */
  async function readable(request: FastifyRequest, id: string): Promise<WhiteboardRow> {
    const auth = request.auth!;
    const row = await repo.find(id);
    const reads = row && (row.ownerId === auth.user.id || (isAdmin(auth) && (await adminScope(ctx.db.orm, auth.roles)).covers(row.ownerOrgId)));
    if (!reads) throw new AppError(Codes.NOT_FOUND, `工具文档不存在：${id}`);
    return row;
  }

  /** A resource the caller may change: the owner's only. */
  async function writable(request: FastifyRequest, id: string): Promise<WhiteboardRow> {
    const row = await readable(request, id);
    if (row.ownerId !== request.auth!.user.id) throw new AppError(Codes.FORBIDDEN, '只有创建者可以修改或删除这个工具文档');
    return row;
  }

  app.get<{ Params: { id: string } }>(`${P}/:id`, { ...signedIn, schema: { params: idParams } }, async (request) =>
    ok(toResource(await readable(request, request.params.id)), localeOf(request)),
  );

  // The document itself, parsed, with the resource's read rights (dataUrl serves the owner only).
  app.get<{ Params: { id: string } }>(`${P}/:id/document`, { ...signedIn, schema: { params: idParams } }, async (request) => {
    const row = await readable(request, request.params.id);
    const file = await ctx.files?.repo.fileInfoById(row.fileInfoId);
    if (!file) throw new AppError(Codes.NOT_FOUND, `工具文档的文件不存在：${row.fileInfoId}`);
    return ok(JSON.parse(await readText(ctx, file)) as unknown, localeOf(request));
  });

  app.post<{ Body: WhiteboardCreate }>(
    P,
    {
      ...teacher,
      schema: { body: { type: 'object', required: ['tool', 'title', 'fileInfoId'], properties: { tool: { type: 'string', enum: [...TOOL_IDS] }, title, fileInfoId, ...nodeProps } } },
    },
    async (request) => {
      const body = request.body;
      const userId = request.auth!.user.id;
      const doc = await checkDocumentFile(ctx, userId, body.fileInfoId, body.tool);
      const node = await nodeOf(body.nodeId);
      const id = newId('wb');
      const now = ctx.now();
      await repo.insert({
        id,
        ownerId: userId,
        tool: body.tool,
        businessType: businessTypeOf(body.tool),
        title: body.title.trim() || body.title,
        fileInfoId: doc.fileInfoId,
        dataSize: doc.size,
        ...node,
        createdAt: now,
        updatedAt: now,
      });
      return ok(toResource((await repo.find(id))!), localeOf(request));
    },
  );

  app.put<{ Body: WhiteboardUpdate }>(
    P,
    {
      ...teacher,
      schema: {
        body: {
          type: 'object',
          required: ['businessWhiteboardResourceId', 'version'],
          properties: { businessWhiteboardResourceId: idSchema, version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, title, fileInfoId, ...nodeProps },
        },
      },
    },
    async (request) => {
      const body = request.body;
      const row = await writable(request, body.businessWhiteboardResourceId);
      const stale = () => new AppError(Codes.TOOL_DOCUMENT_CONFLICT, undefined, { data: { current: toResource(row) } });
      if (row.version !== body.version) throw stale();
      const doc = body.fileInfoId !== undefined ? await checkDocumentFile(ctx, request.auth!.user.id, body.fileInfoId, row.tool as ToolId) : undefined;
      const node = await nodeOf(body.nodeId);
      // A new version's file replaces the old one, which goes when nothing else names it (files/fileRelease.ts).
      const store = ctx.files?.store;
      const replaced = doc && doc.fileInfoId !== row.fileInfoId && store ? row.fileInfoId : undefined;
      const changed = await repo.updateIfVersion(
        row.id,
        body.version,
        {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(doc ? { fileInfoId: doc.fileInfoId, dataSize: doc.size } : {}),
          ...node,
          updatedAt: ctx.now(),
        },
        replaced !== undefined && store ? (tx) => releaseFileInfo(tx, store, replaced, (message, error) => request.log.warn({ err: error }, message)) : undefined,
      );
      const current = (await repo.find(row.id))!;
      if (!changed) throw new AppError(Codes.TOOL_DOCUMENT_CONFLICT, undefined, { data: { current: toResource(current) } });
      return ok(toResource(current), localeOf(request));
    },
  );

  app.delete<{ Params: { id: string } }>(`${P}/:id`, { ...teacher, schema: { params: idParams } }, async (request) => {
    const row = await writable(request, request.params.id);
    // The document's file goes with it when nothing else names it (files/fileRelease.ts).
    const store = ctx.files?.store;
    await repo.delete(row.id, store ? (tx) => releaseFileInfo(tx, store, row.fileInfoId, (message, error) => request.log.warn({ err: error }, message)) : undefined);
    return ok(null, localeOf(request));
  });

  app.post<{ Body: WhiteboardQuery | undefined }>(
    `${P}/page`,
    heavy({
      ...signedIn,
      schema: { body: { type: ['object', 'null'], properties: { ...pageProps, tool: { type: 'string', enum: [...TOOL_IDS] }, nodeId: idSchema, keyword: { type: 'string', maxLength: 100 } } } },
    }),
    async (request) => {
      const body = request.body ?? {};
      const page = await repo.page({ ownerId: request.auth!.user.id, ...(body.tool ? { tool: body.tool } : {}), ...(body.nodeId ? { nodeId: body.nodeId } : {}), ...(body.keyword ? { keyword: body.keyword } : {}) }, body);
      return ok({ ...page, rows: page.rows.map(toResource) }, localeOf(request));
    },
  );
}
