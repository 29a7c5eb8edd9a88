/** CAS login calls: public key, password login, deploy login, login mode/url and the WeChat frame. */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { deployTicketNonce, readDeployTicket } from './deployTicket.js';
import { UsedTickets } from '../sso/usedTickets.js';
import { createWechatLoginUrl } from './wechatLogin.js';

const PUBLIC = { public: true } as const;
const AREA_CODE = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;
const clientFields = {
  code: { type: 'string', maxLength: 64 },
  ed: { type: ['string', 'number', 'null'], maxLength: 256 },
} as const;

export async function loginRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const usedTickets = new UsedTickets(ctx.db.orm);
  app.get('/cas/publicKey', { config: PUBLIC }, async (request) =>
    ok({ publicKey: ctx.keys.publicKeyPem }, localeOf(request)),
  );

  app.post<{ Body: { username?: string; password?: string; code?: string; captchaToken?: string; deviceToken?: string } }>(
    '/cas/login/restful',
    {
      config: PUBLIC,
      schema: {
        body: {
          type: 'object',
          properties: {
            username: { type: 'string', maxLength: 64 },
            password: { type: 'string', maxLength: 2048 },
            captchaToken: { type: 'string', maxLength: 128 },
            deviceToken: { type: 'string', maxLength: 128 },
            ...clientFields,
          },
        },
      },
    },
    async (request) => ok(await ctx.login.login(request.body, request.ip), localeOf(request)),
  );

  app.post<{ Body: { authorization: string; code?: string } }>(
    '/cas/sz/login/restful',
    {
      config: PUBLIC,
      schema: {
        body: {
          type: 'object',
          required: ['authorization'],
          properties: { authorization: { type: 'string', maxLength: 1024 }, ...clientFields },
        },
      },
    },
    async (request) => {
      await ctx.login.countAttempt(request.ip);
      const ticket = request.body.authorization.trim();
      const claims = readDeployTicket(ctx.secret, ticket, ctx.now());
      // Single use, across every instance over this database: a ticket seen in a log, a browser's
      // history or a proxy cannot log in again (a used one is refused like a forged one).
      const used = !claims || !(await usedTickets.claimNonce({ nonce: deployTicketNonce(ticket), userId: claims.username, target: 'deploy', expiresAtMs: claims.expiresAtMs }, ctx.now()));
      return ok(await ctx.login.loginAs(used ? null : claims.username, request.body.code ?? ''), localeOf(request));
    },
  );

  app.get(
    '/cas/cm/loginMode',
    { config: PUBLIC, schema: { querystring: { type: 'object', properties: { mode: { type: 'string', maxLength: 32 } } } } },
    async (request) => ok({ loginMode: await loginMode(ctx) }, localeOf(request)),
  );

  app.get(
    '/cas/cm/loginUrl',
    { config: PUBLIC, schema: { querystring: { type: 'object', properties: { page: { type: 'string', maxLength: 32 } } } } },
    async (request) => ok({ loginUrl: (await ctx.config.value('common.login.url')) || ctx.settings.loginUrl }, localeOf(request)),
  );

  app.post<{ Body: { areaCode?: string } | undefined }>(
    '/cas/wechat/getLoginParam',
    {
      config: PUBLIC,
      schema: { body: { type: ['object', 'null'], properties: { areaCode: AREA_CODE } } },
    },
    async (request) => {
      const locale = localeOf(request);
      if (!ctx.settings.wechatAppId) {
        throw new AppError(
          Codes.UNAVAILABLE,
          locale === 'en' ? 'WeChat login is not configured (WECHAT_APP_ID)' : '未配置微信登录（WECHAT_APP_ID），请联系管理员',
        );
      }
      const areaCode = request.body?.areaCode ?? 'dsideal';
      return ok(await createWechatLoginUrl(ctx.db.orm, ctx.settings, areaCode, ctx.now()), locale);
    },
  );
}

/** The platform settings' login mode when one is chosen there, else the environment's (LOGIN_MODE). */
async function loginMode(ctx: AppContext): Promise<0 | 1> {
  const stored = await ctx.config.value('common.login.mode');
  return stored === '1' ? 1 : stored === '0' ? 0 : ctx.settings.loginMode;
}
