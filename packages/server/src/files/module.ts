/** The file service: upload rules, chunked and object-store uploads, downloads. */
import type { DomainModule } from '../domainModule.js';
import { fileConfigRoutes } from './fileConfigRoutes.js';
import { fileRoutes } from './fileRoutes.js';

export const filesModule: DomainModule = {
  name: 'files',
  async routes(app, ctx) {
    await fileConfigRoutes(app, ctx);
    await fileRoutes(app, ctx);
  },
};
