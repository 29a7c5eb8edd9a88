/** `/cloudSchool/v1/staActivityManage/*`: the organiser's statistics of one activity and their export. */
import type { FastifyInstance } from 'fastify';
import type { ActivityStatExportInput, CoverNodeQuery, SignUpPersonQuery } from '@dscloud/sdk/review';
import type { AppContext } from '../context.js';
import { idSchema } from '../db/ids.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageProps } from '../http/schemaRules.js';
import { managed } from '../management/access.js';
import { exportFileName, inBatches, sendXlsx, type Sheet } from '../exports/xlsx.js';
import { activityTotals, allSchoolStats, areaStats, signUpPersons, signUpPersonTotal, subjectStats } from './activityStats.js';
import { CoverStats } from './coverStats.js';
import { cachedAnswer, managedActivity, newStatsCache, STA } from './statsAccess.js';
import { areaSheet, coverNodeSheet, coverSummarySheet, signUpPersonSheet, subjectSheet, totalSheet } from './statSheets.js';
import { heavy } from '../http/heavyRoutes.js';

const P = `${STA}/staActivityManage`;
const activityQuery = { type: 'object', required: ['activityId'], properties: { activityId: idSchema } } as const;
const stageSubject = { stage: { type: 'integer', minimum: 1, maximum: 9 }, subjectCode: { type: 'integer', minimum: 1, maximum: 99_999 } } as const;
const TABLES = ['total', 'signUpPersons', 'subject', 'area', 'cover', 'all'] as const;
const TABLE_NAMES: Record<(typeof TABLES)[number], string> = {
  total: '总体情况',
  signUpPersons: '报名人员',
  subject: '学科统计',
  area: '区域统计',
  cover: '节点覆盖',
  all: '统计报表',
};

export async function activityStatsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.orm;
  const cover = new CoverStats(db);
  app.caches.set('activity statistics scope nodes', cover.cache);
  const answers = newStatsCache(ctx);
  app.caches.set('activity statistics', answers);

  app.get<{ Querystring: { activityId: string } }>(`${P}/total`, heavy({ ...managed(ctx, 'read'), schema: { querystring: activityQuery } }), async (request, reply) => {
    const activity = await managedActivity(ctx, request, request.query.activityId);
    return cachedAnswer(answers, request, reply, `total|${activity.id}`, () => activityTotals(db, activity.id));
  });

  app.post<{ Body: SignUpPersonQuery }>(
    `${P}/signUpPersons/page`,
    heavy({
      ...managed(ctx, 'read'),
      schema: {
        body: {
          type: 'object',
          required: ['activityId'],
          properties: { activityId: idSchema, ...pageProps, districtId: idSchema, schoolId: idSchema, ...stageSubject, keyword: { type: 'string', maxLength: 50 } },
        },
      },
    }),
    async (request) => {
      const q = request.body;
      await managedActivity(ctx, request, q.activityId);
      const pageNum = q.pageNum ?? 1;
      const pageSize = q.pageSize ?? 10;
      const { rows, where } = await signUpPersons(db, q, (pageNum - 1) * pageSize, pageSize);
      return ok({ rows, total: await signUpPersonTotal(db, where), pageNum, pageSize }, localeOf(request));
    },
  );

  app.get<{ Querystring: { activityId: string } }>(`${P}/subject`, heavy({ ...managed(ctx, 'read'), schema: { querystring: activityQuery } }), async (request, reply) => {
    const activity = await managedActivity(ctx, request, request.query.activityId);
    return cachedAnswer(answers, request, reply, `subject|${activity.id}`, () => subjectStats(db, activity.id));
  });

  app.get<{ Querystring: { activityId: string; districtId?: string } }>(
    `${P}/area`,
    heavy({ ...managed(ctx, 'read'), schema: { querystring: { ...activityQuery, properties: { activityId: idSchema, districtId: idSchema } } } }),
    async (request, reply) => {
      const activity = await managedActivity(ctx, request, request.query.activityId);
      const districtId = request.query.districtId;
      return cachedAnswer(answers, request, reply, `area|${activity.id}|${districtId ?? ''}`, () => areaStats(db, activity, districtId));
    },
  );

  app.get<{ Querystring: { activityId: string } }>(`${P}/cover`, heavy({ ...managed(ctx, 'read'), schema: { querystring: activityQuery } }), async (request, reply) => {
    const activity = await managedActivity(ctx, request, request.query.activityId);
    return cachedAnswer(answers, request, reply, `cover|${activity.id}`, () => cover.summary(activity));
  });

  app.post<{ Body: CoverNodeQuery }>(
    `${P}/cover/nodes/page`,
    heavy({
      ...managed(ctx, 'read'),
      schema: {
        body: {
          type: 'object',
          required: ['activityId'],
          properties: { activityId: idSchema, ...pageProps, ...stageSubject, bookId: idSchema, state: { type: 'string', enum: ['none', 'works', 'passed', 'excellent'] } },
        },
      },
    }),
    async (request) => {
      const q = request.body;
      const activity = await managedActivity(ctx, request, q.activityId);
      const pageNum = q.pageNum ?? 1;
      const pageSize = q.pageSize ?? 10;
      const nodes = await cover.filtered(activity, q);
      return ok({ rows: nodes.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: nodes.length, pageNum, pageSize }, localeOf(request));
    },
  );

  app.post<{ Body: ActivityStatExportInput }>(
    `${P}/export`,
    heavy({
      ...managed(ctx, 'read'),
      schema: { body: { type: 'object', required: ['activityId', 'table'], properties: { activityId: idSchema, table: { type: 'string', enum: [...TABLES] } } } },
    }),
    async (request, reply) => {
      const { table } = request.body;
      const activity = await managedActivity(ctx, request, request.body.activityId);
      const want = (t: (typeof TABLES)[number]) => table === t || table === 'all';
      const sheets: Sheet<unknown>[] = [];
      if (want('total')) sheets.push(totalSheet(await activityTotals(db, activity.id)));
      if (want('subject')) sheets.push(subjectSheet(await subjectStats(db, activity.id)));
      if (want('area')) sheets.push(areaSheet('区县统计', await areaStats(db, activity)), areaSheet('学校统计', await allSchoolStats(db, activity)));
      if (want('cover')) {
        const summary = await cover.summary(activity);
        sheets.push(coverSummarySheet([summary.total, ...summary.subjects]), coverNodeSheet(await cover.nodes(activity)));
      }
      if (want('signUpPersons')) {
        const q = { activityId: activity.id, pageNum: 1, pageSize: 1 };
        sheets.push(signUpPersonSheet(inBatches(async (offset, limit) => (await signUpPersons(db, q, offset, limit)).rows)));
      }
      return sendXlsx(reply, exportFileName([activity.name, TABLE_NAMES[table]], ctx.now()), sheets);
    },
  );
}
