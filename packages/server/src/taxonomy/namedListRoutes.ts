/**
 * The calls of one ordered, platform-wide list of names (lesson tags, special-topic types):
 *
 *   POST   <prefix>/list         public: every entry in order ({ keyword? })
 *   POST   <prefix>/page         back-office: a page with how often each entry is used
 *   POST   <prefix>/add          { name }
 *   POST   <prefix>/edit         { <idField>, name }
 *   POST   <prefix>/updateSort   { <idsField>: [...] } — these first, in this order, the rest after
 *   DELETE <prefix>/batchDelete  ?<idsField>=a,b — refused while any of them is in use (the count is named)
 *
 * The lists are the whole platform's, so only the city bureau's administrators change them
 * (docs/roles.md); researchers and administrators of every level may read the page.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import type { AuditSpec } from '../audit/auditSpec.js';
import { snapshotOf } from '../audit/snapshot.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageOf } from '../db/rows.js';
import { idSchema, newId } from '../db/ids.js';
import { pageProps } from '../http/schemaRules.js';
import { managed } from '../management/access.js';
import { NamedListRepo, type NamedRow, type NamedTable, type Usage } from './namedListRepo.js';
import { heavy } from '../http/heavyRoutes.js';

export interface NamedListSpec {
  /** `/cloudSchool/v1/lessonTag` */
  prefix: string;
  /** `lessonTag`: the audit log's entity. */
  entity: string;
  /** `tagId` / `tagIds`: the names of the id fields in requests and answers. */
  idField: string;
  idsField: string;
  /** Prefix of new ids. */
  idPrefix: string;
  /** `标签`: what one entry is called in messages. */
  label: string;
  /** `节课`: what uses an entry, counted in the in-use message. */
  usedBy: string;
  maxName: number;
  table: NamedTable;
  usage: Usage;
}

const MAX_IDS = 500;

export function namedListRoutes(spec: NamedListSpec) {
  return async (app: FastifyInstance, ctx: AppContext): Promise<void> => {
    const { prefix: P, idField, idsField, label } = spec;
    const repo = new NamedListRepo(ctx.db.orm, spec.table, spec.usage);
    const toItem = (r: NamedRow) => ({ [idField]: r.id, name: r.name, sort: r.sort, useCount: r.useCount, createTime: r.createdAt, updateTime: r.updatedAt });
    const toPublic = (r: NamedRow) => ({ [idField]: r.id, name: r.name, sort: r.sort });

    const byId = async (id: string) => {
      const row = await repo.find(id);
      if (!row) throw new AppError(Codes.NOT_FOUND, `${label}不存在：${idField} ${id}`, { field: idField });
      return row;
    };
    const checkName = async (raw: string, exceptId?: string) => {
      const name = raw.trim();
      if (!name) throw new AppError(Codes.BAD_REQUEST, `参数 name（${label}名称）不能为空`, { field: 'name' });
      if (await repo.nameTaken(name, exceptId)) throw new AppError(Codes.NAME_EXISTS, `${label}名称已存在：${name}`, { field: 'name' });
      return name;
    };
    const checkIds = async (ids: string[]) => {
      const found = new Map((await repo.byIds(ids)).map((r) => [r.id, r]));
      const missing = ids.findIndex((id) => !found.has(id));
      if (missing >= 0) throw new AppError(Codes.NOT_FOUND, `${label}不存在：${idsField}[${missing}] ${ids[missing]}`, { field: `${idsField}[${missing}]` });
      return ids.map((id) => found.get(id)!);
    };
    const splitIds = (text: string) => [...new Set(text.split(',').filter(Boolean))];

    const snapshot = snapshotOf(ctx.db.orm, spec.table.id, { name: spec.table.name, sort: spec.table.sort });
    const audit = (verb: string, ids: AuditSpec['ids'], created = false): AuditSpec => ({
      action: `${spec.entity}.${verb}`,
      entity: spec.entity,
      ids,
      snapshot,
      ...(created ? { createdIds: (data: unknown) => [String((data as Record<string, unknown>)[idField])] } : {}),
    });
    const nameSchema = { type: 'string', minLength: 1, maxLength: spec.maxName } as const;
    const idsSchema = { type: 'array', minItems: 1, maxItems: MAX_IDS, items: idSchema } as const;

    app.post<{ Body: { keyword?: string } | undefined }>(
      `${P}/list`,
      { config: { public: true }, schema: { body: { type: ['object', 'null'], properties: { keyword: { type: 'string', maxLength: 50 } } } } },
      async (request) => ok((await repo.list(request.body?.keyword?.trim() || undefined)).map(toPublic), localeOf(request)),
    );

    app.post<{ Body: { pageNum?: number; pageSize?: number; keyword?: string } | undefined }>(
      `${P}/page`,
      heavy({ ...managed(ctx, 'read'), schema: { body: { type: ['object', 'null'], properties: { ...pageProps, keyword: { type: 'string', maxLength: 50 } } } } }),
      async (request) => {
        const body = request.body ?? {};
        const keyword = body.keyword?.trim() || undefined;
        const { pageNum, pageSize, offset } = pageOf(body);
        const [rows, total] = await Promise.all([repo.page(keyword, pageSize, offset), repo.total(keyword)]);
        return ok({ rows: rows.map(toItem), total, pageNum, pageSize }, localeOf(request));
      },
    );

    app.post<{ Body: { name: string } }>(
      `${P}/add`,
      { ...managed(ctx, 'city', audit('add', () => [], true)), schema: { body: { type: 'object', required: ['name'], properties: { name: nameSchema } } } },
      async (request) => {
        const name = await checkName(request.body.name);
        const id = newId(spec.idPrefix);
        await repo.insert({ id, name, createdBy: request.auth!.user.id, now: ctx.now() });
        return ok(toItem(await byId(id)), localeOf(request));
      },
    );

    app.post<{ Body: Record<string, string> & { name: string } }>(
      `${P}/edit`,
      {
        ...managed(ctx, 'city', audit('edit', (request) => [(request.body as Record<string, string>)[idField]!])),
        schema: { body: { type: 'object', required: [idField, 'name'], properties: { [idField]: idSchema, name: nameSchema } } },
      },
      async (request) => {
        const id = request.body[idField]!;
        await byId(id);
        const name = await checkName(request.body.name, id);
        await repo.rename(id, name, ctx.now());
        return ok(toItem(await byId(id)), localeOf(request));
      },
    );

    app.post<{ Body: Record<string, string[]> }>(
      `${P}/updateSort`,
      {
        ...managed(ctx, 'city', audit('updateSort', (request) => (request.body as Record<string, string[]>)[idsField] ?? [])),
        schema: { body: { type: 'object', required: [idsField], properties: { [idsField]: idsSchema } } },
      },
      async (request) => {
        const ids = [...new Set(request.body[idsField]!)];
        await checkIds(ids);
        await repo.reorder(ids, ctx.now());
        return ok((await repo.list()).map(toItem), localeOf(request));
      },
    );

    app.delete<{ Querystring: Record<string, string> }>(
      `${P}/batchDelete`,
      {
        ...managed(ctx, 'city', audit('delete', (request) => splitIds((request.query as Record<string, string>)[idsField] ?? ''))),
        schema: {
          querystring: {
            type: 'object',
            required: [idsField],
            properties: { [idsField]: { type: 'string', minLength: 1, maxLength: 65 * MAX_IDS, pattern: '^[A-Za-z0-9_,-]+$' } },
          },
        },
      },
      async (request) => {
        const ids = splitIds(request.query[idsField]!);
        if (ids.length === 0) throw new AppError(Codes.MISSING_PARAMETER, `缺少参数：${idsField}`, { field: idsField });
        if (ids.length > MAX_IDS) throw new AppError(Codes.BAD_REQUEST, `参数 ${idsField} 一次最多 ${MAX_IDS} 个`, { field: idsField });
        const rows = await checkIds(ids);
        const inUse = rows.filter((r) => r.useCount > 0);
        if (inUse.length > 0) {
          const names = inUse.map((r) => `「${r.name}」已用于 ${r.useCount} ${spec.usedBy}`).join('，');
          throw new AppError(Codes.CONFLICT, `${label}仍在使用，不能删除：${names}；请先移除后再删除`, { field: idsField });
        }
        await repo.delete(ids);
        return ok({ deleted: ids.length, [idsField]: ids }, localeOf(request));
      },
    );
  };
}
