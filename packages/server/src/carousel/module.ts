/** The home banner. */
import type { DomainModule } from '../domainModule.js';
import { carouselRoutes } from './carouselRoutes.js';

export const carouselModule: DomainModule = { name: 'carousel', routes: carouselRoutes };
