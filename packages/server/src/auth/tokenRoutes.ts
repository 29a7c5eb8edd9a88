/** Token calls: refresh (rotation) and remove (logout). The check (`/cas/sz/checkToken`) also checks single sign-on tickets and lives in sso/ssoRoutes.ts. */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';

const PUBLIC = { public: true } as const;
const TOKEN = { type: 'string', maxLength: 512 } as const;
const accessTokenBody = {
  type: 'object',
  required: ['accessToken'],
  properties: { accessToken: TOKEN },
} as const;

function present(token: string | undefined): string {
  const value = token?.trim() ?? '';
  if (value === '') throw new AppError(Codes.TOKEN_NOT_FOUND);
  return value;
}

export async function tokenRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: { oldToken?: string; ua?: string } }>(
    '/cas/sz/refreshToken',
    {
      config: PUBLIC,
      schema: {
        querystring: {
          type: 'object',
          properties: { oldToken: TOKEN, ua: { type: 'string', maxLength: 64 } },
        },
      },
    },
    async (request) => {
      const issued = await ctx.tokens.refresh(present(request.query.oldToken), request.query.ua ?? '');
      return ok(issued, localeOf(request));
    },
  );

  app.post<{ Body: { accessToken: string } }>(
    '/cas/sz/removeToken',
    { config: PUBLIC, schema: { body: accessTokenBody } },
    async (request) => {
      const removed = await ctx.tokens.remove(present(request.body.accessToken));
      return ok({ removed }, localeOf(request));
    },
  );
}
