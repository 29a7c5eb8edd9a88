/**
 * Every domain the server serves, in registration order. A new domain is one folder with a
 * `module.ts` (copy `carousel/module.ts`) and one line here.
 */
import type { DomainModule } from './domainModule.js';
import { healthRoutes } from './http/healthRoutes.js';
import { auditModule } from './audit/module.js';
import { authModule } from './auth/module.js';
import { usersModule } from './users/module.js';
import { configModule } from './config/module.js';
import { filesModule } from './files/module.js';
import { staticModule } from './static/module.js';
import { lessonsModule } from './lessons/module.js';
import { curriculumModule } from './curriculum/module.js';
import { teachersModule } from './teachers/module.js';
import { learningModule } from './learning/module.js';
import { specialSubjectsModule } from './specialSubjects/module.js';
import { carouselModule } from './carousel/module.js';
import { collectionsModule } from './collections/module.js';
import { taxonomyModule } from './taxonomy/module.js';
import { activitiesModule } from './activities/module.js';
import { activityWorksModule } from './activityWorks/module.js';
import { activityReviewModule } from './activityReview/module.js';
import { reviewStatsModule } from './reviewStats/module.js';
import { ssoModule } from './sso/module.js';
import { helpModule } from './help/module.js';
import { whiteboardModule } from './whiteboard/module.js';

export const MODULES: readonly DomainModule[] = [
  { name: 'health', routes: healthRoutes },
  // First: its hooks apply to every route registered after it.
  auditModule,
  authModule,
  usersModule,
  configModule,
  filesModule,
  staticModule,
  lessonsModule,
  curriculumModule,
  teachersModule,
  learningModule,
  specialSubjectsModule,
  carouselModule,
  collectionsModule,
  taxonomyModule,
  activitiesModule,
  activityWorksModule,
  activityReviewModule,
  reviewStatsModule,
  ssoModule,
  helpModule,
  whiteboardModule,
];
