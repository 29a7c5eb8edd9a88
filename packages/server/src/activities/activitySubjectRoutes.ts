/**
 * `/cloudSchool/v1/activitySubject/*`: the curriculum choices of an activity's scope (the organiser's
 * step form) and of a sign-up (the teacher's form), from the curriculum tables. Any signed-in teacher
 * identity (back-office accounts are teachers too); students and parents get 4030001.
 * `choose/subject/edition` answers the scope of one activity to a teacher who may join it or an
 * organiser whose reach holds it, and 404 to anyone else.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import { BACKOFFICE_READ_ROLES } from '@dscloud/sdk/codes';
import type { AppContext } from '../context.js';
import { curriculumBooks, curriculumEditions, curriculumSubjects } from '../db/schema.js';
import { idSchema } from '../db/ids.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { pageProps } from '../http/schemaRules.js';
import { scopeFor } from '../management/orgScope.js';
import { gradeName, stageName, subjectName } from '../curriculum/names.js';
import { isEligible, loadActivity, requireActivityTeacher } from './activityAccess.js';
import type { ActivityRepo } from './activityRepo.js';
import type { ActivityView } from './activityView.js';
import { heavy } from '../http/heavyRoutes.js';

const P = '/cloudSchool/v1/activitySubject';

const stage = { type: 'integer', minimum: 1, maximum: 9 } as const;
const subjectCode = { type: 'integer', minimum: 1, maximum: 99_999 } as const;

export async function activitySubjectRoutes(app: FastifyInstance, ctx: AppContext, repo: ActivityRepo, view: ActivityView): Promise<void> {
  const db = ctx.db.orm;
  const signedIn = { preValidation: requireActivityTeacher(ctx) };
  const cs = curriculumSubjects;
  const e = curriculumEditions;
  const b = curriculumBooks;

  const subjectsOf = async (stageCode: number) => {
    const found = await db.selectDistinct({ subjectCode: cs.subjectCode }).from(cs).where(eq(cs.stage, stageCode)).orderBy(asc(cs.subjectCode));
    return found.map((r) => ({ stage: stageCode, stageName: stageName(stageCode), subjectCode: r.subjectCode, subjectName: subjectName(r.subjectCode) }));
  };
  const editionsWhere = (q: { stage: number; subjectCode: number }) => and(eq(cs.stage, q.stage), eq(cs.subjectCode, q.subjectCode));
  const editionRows = (q: { stage: number; subjectCode: number }, limit = 1000, offset = 0) =>
    db
      .select({ editionId: e.id, editionName: e.name })
      .from(cs)
      .innerJoin(e, eq(e.id, cs.editionId))
      .where(editionsWhere(q))
      .orderBy(asc(e.sort), asc(e.id))
      .limit(limit)
      .offset(offset);

  app.get<{ Params: { id: number } }>(
    `${P}/stage/:id`,
    { ...signedIn, schema: { params: { type: 'object', required: ['id'], properties: { id: stage } } } },
    async (request) => ok((await subjectsOf(request.params.id)).map(({ subjectCode: c, subjectName: n }) => ({ subjectCode: c, subjectName: n })), localeOf(request)),
  );

  app.post<{ Body: { stage: number } }>(
    `${P}/subject/list`,
    { ...signedIn, schema: { body: { type: 'object', required: ['stage'], properties: { stage } } } },
    async (request) => ok(await subjectsOf(request.body.stage), localeOf(request)),
  );

  const subjectBody = { type: 'object', required: ['stage', 'subjectCode'], properties: { stage, subjectCode } } as const;

  app.post<{ Body: { stage: number; subjectCode: number } }>(`${P}/edition/list`, { ...signedIn, schema: { body: subjectBody } }, async (request) =>
    ok(await editionRows(request.body), localeOf(request)),
  );

  app.post<{ Body: { stage: number; subjectCode: number; pageNum?: number; pageSize?: number } }>(
    `${P}/edition/page`,
    heavy({ ...signedIn, schema: { body: { ...subjectBody, properties: { ...subjectBody.properties, ...pageProps } } } }),
    async (request) => {
      const pageNum = request.body.pageNum ?? 1;
      const pageSize = request.body.pageSize ?? 10;
      const [rows, [total]] = await Promise.all([
        editionRows(request.body, pageSize, (pageNum - 1) * pageSize),
        db.select({ n: count() }).from(cs).where(editionsWhere(request.body)),
      ]);
      return ok({ rows, total: Number(total?.n ?? 0), pageNum, pageSize }, localeOf(request));
    },
  );

  app.post<{ Body: { editionId: string; stage: number; subjectCode: number } }>(
    `${P}/edition/book/list`,
    { ...signedIn, schema: { body: { type: 'object', required: ['editionId', 'stage', 'subjectCode'], properties: { editionId: idSchema, stage, subjectCode } } } },
    async (request) => {
      const q = request.body;
      const books = await db
        .select()
        .from(b)
        .where(and(eq(b.editionId, q.editionId), eq(b.stage, q.stage), eq(b.subjectCode, q.subjectCode)))
        .orderBy(asc(b.grade), asc(b.term), asc(b.sort), asc(b.id));
      return ok(
        books.map((x) => ({ bookId: x.id, bookName: x.name, grade: x.grade, gradeName: x.gradeName || gradeName(x.grade), term: x.term, termName: x.termName })),
        localeOf(request),
      );
    },
  );

  app.post<{ Body: { activityId: string } }>(
    `${P}/choose/subject/edition`,
    { ...signedIn, schema: { body: { type: 'object', required: ['activityId'], properties: { activityId: idSchema } } } },
    async (request) => {
      const auth = request.auth!;
      const row = await loadActivity(db, request.body.activityId);
      const organiser = (await scopeFor(db, auth.roles, BACKOFFICE_READ_ROLES)).covers(row.orgId);
      if (!organiser && !(await isEligible(db, row, auth))) throw new AppError(Codes.NOT_FOUND, '活动不存在或未向您开放', { field: 'activityId' });
      const scope = (await repo.scopes([row.id])).get(row.id) ?? [];
      return ok(await view.labels(scope), localeOf(request));
    },
  );
}
