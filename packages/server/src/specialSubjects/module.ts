/** Special topics grouping lessons across subjects. */
import type { DomainModule } from '../domainModule.js';
import { specialSubjectRoutes } from './specialSubjectRoutes.js';

export const specialSubjectsModule: DomainModule = { name: 'specialSubjects', routes: specialSubjectRoutes };
