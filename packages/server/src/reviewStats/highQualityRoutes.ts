/**
 * `/cloudSchool/v1/activityWork/*HighQuality*`: the public list of high-quality works, its filters and
 * a work's package documents (no token), the organiser's list (scope-filtered) and its Excel export. The public list is not
 * cached: it reads the few works marked high-quality through the activity_works indexes, and a new
 * high-quality work shows at once.
 */
import type { FastifyInstance } from 'fastify';
import type { HighQualityExportInput, HighQualityFilterQuery, HighQualityWorkQuery, HighQualityWorkRow } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import { idSchema } from '../db/ids.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageProps } from '../http/schemaRules.js';
import { managed } from '../management/access.js';
import { exportFileName, inBatches, sendXlsx, sheet } from '../exports/xlsx.js';
import { highQualityOptions, highQualityRows, highQualityTotal, highQualityWhere, type HighQualityReach } from './highQuality.js';
import { managedActivity, STA } from './statsAccess.js';
import { chinaTime } from './statSheets.js';
import { highQualityDocuments } from './highQualityDocuments.js';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import { heavy } from '../http/heavyRoutes.js';

const P = `${STA}/activityWork`;
const filterProps = {
  activityId: idSchema,
  stage: { type: 'integer', minimum: 1, maximum: 9 },
  subjectCode: { type: 'integer', minimum: 1, maximum: 99_999 },
  editionId: idSchema,
  bookId: idSchema,
} as const;
const queryProps = { ...filterProps, ...pageProps, keyword: { type: 'string', maxLength: 50 } } as const;
const open = { config: { public: true } };

export async function highQualityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.orm;

  const page = async (reach: HighQualityReach, q: HighQualityWorkQuery) => {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 12;
    const where = highQualityWhere(reach, q);
    const [rows, total] = await Promise.all([highQualityRows(db, where, (pageNum - 1) * pageSize, pageSize), highQualityTotal(db, where)]);
    return { rows, total, pageNum, pageSize };
  };

  app.post<{ Body: HighQualityWorkQuery | undefined }>(
    `${P}/getHighQualityWorkPage`,
    heavy({ ...open, schema: { body: { type: 'object', properties: queryProps } } }),
    async (request) => ok(await page({ kind: 'public' }, request.body ?? { pageNum: 1, pageSize: 12 }), localeOf(request)),
  );

  // Each list narrows by the filters chosen before it (stage → subject → edition → book), never by its own.
  const options = [
    ['getHighQualityWorkStages', 'stage', {}],
    ['getHighQualityWorkSubjects', 'subject', { stage: true }],
    ['getHighQualityWorkEditions', 'edition', { stage: true, subjectCode: true }],
    ['getHighQualityWorkBooks', 'book', { stage: true, subjectCode: true, editionId: true }],
  ] as const;
  for (const [name, kind, uses] of options) {
    app.post<{ Body: HighQualityFilterQuery | undefined }>(`${P}/${name}`, { ...open, schema: { body: { type: 'object', properties: filterProps } } }, async (request) => {
      const q = request.body ?? {};
      const by: Record<string, boolean> = uses;
      const narrowed: HighQualityFilterQuery = {
        activityId: q.activityId,
        stage: by.stage ? q.stage : undefined,
        subjectCode: by.subjectCode ? q.subjectCode : undefined,
        editionId: by.editionId ? q.editionId : undefined,
      };
      return ok(await highQualityOptions(db, highQualityWhere({ kind: 'public' }, narrowed), kind), localeOf(request));
    });
  }

  app.get<{ Querystring: { lessonId?: string; workId?: string } }>(
    `${P}/getHighQualityWorkDocuments`,
    { ...open, schema: { querystring: { type: 'object', properties: { lessonId: idSchema, workId: idSchema } } } },
    async (request) => {
      const { lessonId, workId } = request.query;
      if (!lessonId && !workId) throw new AppError(Codes.MISSING_PARAMETER, '参数 lessonId：请指定优秀作品（lessonId 或 workId）', { field: 'lessonId' });
      return ok(await highQualityDocuments(ctx, { lessonId, workId }), localeOf(request));
    },
  );

  app.post<{ Body: HighQualityWorkQuery }>(
    `${P}/getManageViewHighQualityWorkPage`,
    heavy({ ...managed(ctx, 'read'), schema: { body: { type: 'object', properties: queryProps } } }),
    async (request) => {
      const q = request.body ?? { pageNum: 1, pageSize: 12 };
      if (q.activityId) await managedActivity(ctx, request, q.activityId);
      return ok(await page({ kind: 'managed', scope: request.scope }, q), localeOf(request));
    },
  );

  app.post<{ Body: HighQualityExportInput }>(
    `${P}/exportHighQualityWork`,
    heavy({ ...managed(ctx, 'read'), schema: { body: { type: 'object', properties: { ...filterProps, keyword: queryProps.keyword } } } }),
    async (request, reply) => {
      const q = request.body ?? {};
      const activity = q.activityId ? await managedActivity(ctx, request, q.activityId) : undefined;
      const where = highQualityWhere({ kind: 'managed', scope: request.scope }, q);
      return sendXlsx(reply, exportFileName([activity?.name ?? '', '优秀作品'], ctx.now()), [
        sheet<HighQualityWorkRow>({
          name: '优秀作品',
          columns: [
            { header: '作品名称', width: 30, value: (r) => r.title },
            { header: '活动', width: 28, value: (r) => r.activityName },
            { header: '教师', width: 12, value: (r) => r.teacherName },
            { header: '学校', width: 26, value: (r) => r.schoolName },
            { header: '区县', width: 12, value: (r) => r.districtName },
            { header: '学段', value: (r) => r.stageName },
            { header: '学科', value: (r) => r.subjectName },
            { header: '版本', width: 14, value: (r) => r.editionName },
            { header: '册次', width: 18, value: (r) => r.bookName },
            { header: '节点', width: 24, value: (r) => r.nodeName },
            { header: '得分', value: (r) => r.score },
            { header: '评为优秀时间', width: 18, value: (r) => chinaTime(r.excellentAt) },
          ],
          rows: inBatches((offset, limit) => highQualityRows(db, where, offset, limit)),
        }),
      ]);
    },
  );
}
