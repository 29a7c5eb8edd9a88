/** The built portal and elements, and the platform logo. */
import type { DomainModule } from '../domainModule.js';
import { staticRoutes } from './staticRoutes.js';

export const staticModule: DomainModule = { name: 'static', routes: staticRoutes };
