/**
 * `/cloudSchool/v1/lessonNode/*`: the curriculum that lessons are filed under. Public: the learn
 * screen and the lesson filters show it before anyone signs in.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { idSchema } from '../db/ids.js';
import { CurriculumRepo, type BookFilter } from './curriculumRepo.js';

const P = '/cloudSchool/v1/lessonNode';
const stage = { type: 'integer', minimum: 0, maximum: 9 } as const;
const subjectCode = { type: 'integer', minimum: 1, maximum: 9999 } as const;
const grade = { type: 'integer', minimum: 0, maximum: 12 } as const;

export async function curriculumRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new CurriculumRepo(ctx.db.orm);
  const open = { config: { public: true } };

  app.post<{ Body: { bookId: string } }>(
    `${P}/getChapterTree`,
    { ...open, schema: { body: { type: 'object', required: ['bookId'], properties: { bookId: idSchema } } } },
    async (request) => {
      const book = await repo.book(request.body.bookId);
      if (!book) throw new AppError(Codes.NOT_FOUND, `教材不存在：bookId ${request.body.bookId}`);
      return ok(await repo.chapterTree(book.bookId), localeOf(request));
    },
  );

  app.post<{ Body: { subjectCode: number } }>(
    `${P}/getKnowledgeTree`,
    { ...open, schema: { body: { type: 'object', required: ['subjectCode'], properties: { stage, subjectCode } } } },
    async (request) => ok(await repo.knowledgeTree(request.body.subjectCode), localeOf(request)),
  );

  app.post<{ Body: { stage?: number } | undefined }>(
    `${P}/getSubjectList`,
    { ...open, schema: { body: { type: ['object', 'null'], properties: { stage } } } },
    async (request) => ok(await repo.subjects(request.body?.stage), localeOf(request)),
  );

  app.post<{ Body: BookFilter | undefined }>(
    `${P}/getBookList`,
    {
      ...open,
      schema: { body: { type: ['object', 'null'], properties: { stage, subjectCode, editionId: idSchema, grade } } },
    },
    async (request) => ok(await repo.books(request.body ?? {}), localeOf(request)),
  );
}
