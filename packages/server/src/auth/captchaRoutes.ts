/** The slider captcha: a puzzle for an account name, and its one-shot verification. */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';

const PUBLIC = { public: true } as const;

export async function captchaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: { username?: string } }>(
    '/cas/captcha',
    {
      config: PUBLIC,
      schema: { querystring: { type: 'object', properties: { username: { type: 'string', maxLength: 64 } } } },
    },
    async (request) => {
      if (!(await ctx.captchaLimiter.attempt(request.ip))) throw new AppError(Codes.LOGIN_RATE_LIMITED);
      const username = (request.query.username ?? '').trim();
      if (username === '') throw new AppError(Codes.USERNAME_EMPTY);
      return ok(await ctx.captcha.create(username, request.ip), localeOf(request));
    },
  );

  app.post<{ Body: { captchaId: string; x: number } }>(
    '/cas/captcha/verify',
    {
      config: PUBLIC,
      schema: {
        body: {
          type: 'object',
          required: ['captchaId', 'x'],
          properties: {
            captchaId: { type: 'string', pattern: '^[0-9a-fA-F-]{36}$' },
            x: { type: 'number', minimum: 0, maximum: 1000 },
          },
        },
      },
    },
    async (request) => {
      if (!(await ctx.captchaLimiter.attempt(request.ip))) throw new AppError(Codes.LOGIN_RATE_LIMITED);
      const captchaToken = await ctx.captcha.verify(request.body.captchaId, request.body.x);
      return ok({ captchaToken }, localeOf(request));
    },
  );
}
