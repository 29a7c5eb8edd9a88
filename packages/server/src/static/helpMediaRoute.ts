/**
 * The help widget's pictures and videos (`<ds-help-widget>`): `GET /static/help/<item>` sends the
 * browser to what the settings name for it — a stored file through a signed media link (visitors on a
 * bureau's page have no token), or the address given for a video. Nothing configured: 404. Not cached
 * for long: a QR code changed on the settings screen shows on the next opening.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';

/** The widget's media items and the setting each one reads. */
export const HELP_MEDIA = {
  wechatQr: 'common.help.wechatQr',
  wechatVideo: 'common.help.wechatVideo',
  tvQr: 'common.help.tvQr',
  tvVideo: 'common.help.tvVideo',
} as const;

const ITEMS = Object.keys(HELP_MEDIA);
/** An address (`https://…`) or a path of this site (`/static/seed/help/wechat.mp4`); anything else is a stored file id. */
const ADDRESS = /^(https?:\/\/|\/(?!\/))/i;

export async function helpMediaRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Params: { item: keyof typeof HELP_MEDIA } }>(
    '/static/help/:item',
    {
      config: { public: true },
      schema: { params: { type: 'object', required: ['item'], properties: { item: { type: 'string', enum: ITEMS } } } },
    },
    async (request, reply) => {
      const key = HELP_MEDIA[request.params.item];
      const value = ((await ctx.config.value(key)) ?? '').trim();
      if (!value) throw new AppError(Codes.NOT_FOUND, `帮助浮窗的这一项尚未配置（${key}）`);
      const target = ADDRESS.test(value) ? value : ctx.media.url(value);
      return reply.header('cache-control', 'no-cache').redirect(target, 302);
    },
  );
}
