/** Login, tokens and captcha puzzles. */
import type { DomainModule } from '../domainModule.js';
import { loginRoutes } from './loginRoutes.js';
import { tokenRoutes } from './tokenRoutes.js';
import { captchaRoutes } from './captchaRoutes.js';

export const authModule: DomainModule = {
  name: 'auth',
  async routes(app, ctx) {
    await loginRoutes(app, ctx);
    await tokenRoutes(app, ctx);
    await captchaRoutes(app, ctx);
  },
};
