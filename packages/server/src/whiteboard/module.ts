/** Tool documents of `<ds-tool-editor>`, their read-only links, the stage-children tree of its node picker (business prefix). */
import type { DomainModule } from '../domainModule.js';
import { shareRoutes } from './shareRoutes.js';
import { stageRoutes } from './stageRoutes.js';
import { whiteboardRoutes } from './whiteboardRoutes.js';

export const whiteboardModule: DomainModule = {
  name: 'whiteboard',
  async routes(app, ctx) {
    await whiteboardRoutes(app, ctx);
    await shareRoutes(app, ctx);
    await stageRoutes(app, ctx);
  },
};
