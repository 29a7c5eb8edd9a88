/** Editions, subjects, books and the chapter and knowledge trees. */
import type { DomainModule } from '../domainModule.js';
import { curriculumRoutes } from './curriculumRoutes.js';

export const curriculumModule: DomainModule = { name: 'curriculum', routes: curriculumRoutes };
