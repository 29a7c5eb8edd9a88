/**
 * Files the server hands to browsers: the built portal at `/`, the element bundle at `/elements/`
 * (loaded by other sites, see http/security.ts), and platform logos. The portal and element folders
 * may not be built yet; the server still starts and explains what is missing.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { LOGO_KEY_PREFIX } from '@dscloud/sdk/settings';
import { drawDefaultLogo } from './platformLogo.js';
import { helpMediaRoute } from './helpMediaRoute.js';
import { portalIndex, withScriptHashes } from './portalIndex.js';

const AREA_CODE = '^[A-Za-z0-9_-]{1,64}$';

export async function staticRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { portalDir, elementsDir, dataDir } = ctx.settings;
  const defaultLogo = drawDefaultLogo();

  // A route of our own at `/` would clash with the portal's, so the missing folders are noticed per request.
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = request.url.split('?')[0] ?? '';
    if ((url === '/' || url === '/index.html') && !existsSync(path.join(portalDir, 'index.html'))) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>门户尚未构建</title>` +
            `<body style="font-family:sans-serif;padding:2em"><h1>门户尚未构建</h1>` +
            `<p>服务器正在运行，接口可用（<a href="/healthz">/healthz</a>）。请先运行 <code>npm run build</code> 构建门户，` +
            `或用 PORTAL_DIR 指定门户目录。</p><p lang="en">The portal is not built yet: run <code>npm run build</code> or set PORTAL_DIR.</p></body></html>`,
        );
    }
    if (url.startsWith('/elements/') && !existsSync(elementsDir)) {
      throw new AppError(Codes.NOT_FOUND, `元素包尚未构建：请先运行 npm run build，或用 ELEMENTS_DIR 指定目录（${url}）`);
    }
  });

  app.get<{ Params: { areaCode: string } }>(
    '/static/platformLogo/:areaCode.png',
    {
      config: { public: true },
      schema: { params: { type: 'object', required: ['areaCode'], properties: { areaCode: { type: 'string', pattern: AREA_CODE } } } },
    },
    async (request, reply) => {
      // A logo uploaded on the settings screen wins; then a file an operator dropped in; then the drawn one.
      // Not cached for long: a logo changed on the settings screen shows on the next page load.
      const uploaded = await ctx.config.value(`${LOGO_KEY_PREFIX}${request.params.areaCode}`);
      if (uploaded) return reply.header('cache-control', 'no-cache').redirect(ctx.media.url(uploaded), 302);
      const custom = path.join(dataDir, 'platformLogo', `${request.params.areaCode}.png`);
      const body = existsSync(custom) ? readFileSync(custom) : defaultLogo;
      return reply.type('image/png').header('cache-control', 'public, max-age=60').send(body);
    },
  );

  await helpMediaRoute(app, ctx);

  // Both folders hold `.br` and `.gz` copies made at build time (scripts/precompress.mjs): a browser
  // that accepts them gets them, with `Vary: Accept-Encoding`.
  await app.register(fastifyStatic, {
    root: elementsDir,
    prefix: '/elements/',
    decorateReply: false,
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => reply.header('cache-control', cacheControlOf(file)),
    logLevel: 'warn',
  });
  // The portal's page itself carries the first screen's data (portalIndex.ts): made per request,
  // never stored by the browser (revalidated each load, like every unhashed file here).
  const index = portalIndex(ctx);
  let packed: { html: string; etag: string; br: Buffer; gzip: Buffer } | null = null;
  const servePortal = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = await index.render();
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', withScriptHashes(csp, page.scriptHashes));
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    if (packed?.html !== page.html) {
      const body = Buffer.from(page.html, 'utf8');
      const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      packed = { html: page.html, etag, br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }), gzip: gzipSync(body) };
    }
    // Revalidated on each load: unchanged page and data answer 304 with nothing to download. Weak: the
    // same tag stands for the three encodings of one page.
    reply.header('etag', packed.etag);
    if (request.headers['if-none-match'] === packed.etag) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(packed.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(packed.gzip);
    return reply.send(page.html);
  };
  for (const url of ['/', '/index.html']) app.get(url, { config: { public: true } }, servePortal);

  await app.register(fastifyStatic, {
    root: portalDir,
    prefix: '/',
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => reply.header('cache-control', cacheControlOf(file)),
    logLevel: 'warn',
  });

}

/** A name carrying a content hash (`HomeScreen-B0-AdV8n.js`) never changes: cache it for a year. */
const HASHED = /[-.][A-Za-z0-9_-]{8}\.(js|css|mjs|wasm|woff2?|png|jpe?g|svg|webp|avif)$/;

/**
 * Hashed files (the portal's `assets/`, the elements' `chunks/`) are immutable; everything else —
 * `index.html`, the elements' stable entry points that other sites load by name — is revalidated
 * on each use (ETag), so a new build shows at once.
 */
export function cacheControlOf(file: string): string {
  const name = file.replace(/\.(br|gz)$/, '');
  const hashedFolder = /[\\/](assets|chunks)[\\/]/.test(name);
  return hashedFolder && HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
