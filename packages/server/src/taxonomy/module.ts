/** Lesson tags and special-topic types: the platform's ordered lists of names (namedListRoutes.ts). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { DomainModule } from '../domainModule.js';
import { lessonTags, specialSubjectTypes, type lessonTags as LessonTagsTable } from '../db/schema.js';
import { namedListRoutes } from './namedListRoutes.js';

export const lessonTagRoutes = namedListRoutes({
  prefix: '/cloudSchool/v1/lessonTag',
  entity: 'lessonTag',
  idField: 'tagId',
  idsField: 'tagIds',
  idPrefix: 'tag',
  label: '课程标签',
  usedBy: '节课',
  maxName: 20,
  table: lessonTags,
  usage: { table: 'lesson_tag_links', column: 'tag_id' },
});

export const specialSubjectTypeRoutes = namedListRoutes({
  prefix: '/cloudSchool/v1/specialSubjectType',
  entity: 'specialSubjectType',
  idField: 'typeId',
  idsField: 'typeIds',
  idPrefix: 'sst',
  label: '专题类型',
  usedBy: '个专题',
  maxName: 20,
  // Same columns as lesson_tags (migrations/0040).
  table: specialSubjectTypes as unknown as typeof LessonTagsTable,
  usage: { table: 'special_subjects', column: 'type_id' },
});

export const taxonomyModule: DomainModule = {
  name: 'taxonomy',
  routes: async (app: FastifyInstance, ctx: AppContext) => {
    await lessonTagRoutes(app, ctx);
    await specialSubjectTypeRoutes(app, ctx);
  },
};
