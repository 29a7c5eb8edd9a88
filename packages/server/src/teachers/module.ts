/** Teacher introductions. */
import type { DomainModule } from '../domainModule.js';
import { teacherRoutes } from './teacherRoutes.js';

export const teachersModule: DomainModule = { name: 'teachers', routes: teacherRoutes };
