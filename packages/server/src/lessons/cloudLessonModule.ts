/**
 * Everything of the cloud-lesson area in one registration for app.ts: lessons, curriculum, teacher
 * introductions, learning (notes, study time, history, previews, marks), special topics, carousel,
 * collections, and the demo media folder.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { curriculumRoutes } from '../curriculum/curriculumRoutes.js';
import { teacherRoutes } from '../teachers/teacherRoutes.js';
import { noteRoutes } from '../learning/noteRoutes.js';
import { operationRoutes } from '../learning/operationRoutes.js';
import { historyRoutes } from '../learning/historyRoutes.js';
import { previewRoutes } from '../learning/previewRoutes.js';
import { markRoutes } from '../learning/markRoutes.js';
import { specialSubjectRoutes } from '../specialSubjects/specialSubjectRoutes.js';
import { carouselRoutes } from '../carousel/carouselRoutes.js';
import { collectionRoutes } from '../collections/collectionRoutes.js';
import { lessonBrowseRoutes } from './lessonBrowseRoutes.js';
import { lessonManageRoutes } from './lessonManageRoutes.js';
import { seedFileRoutes } from './seedFiles.js';

export async function cloudLessonRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await lessonBrowseRoutes(app, ctx);
  await lessonManageRoutes(app, ctx);
  await curriculumRoutes(app, ctx);
  await teacherRoutes(app, ctx);
  await noteRoutes(app, ctx);
  await operationRoutes(app, ctx);
  await historyRoutes(app, ctx);
  await previewRoutes(app, ctx);
  await markRoutes(app, ctx);
  await specialSubjectRoutes(app, ctx);
  await carouselRoutes(app, ctx);
  await collectionRoutes(app, ctx);
  await seedFileRoutes(app);
}
