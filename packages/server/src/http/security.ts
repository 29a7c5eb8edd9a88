/**
 * Browser-facing protections. The CSP lets the portal (its own scripts, Ant Design's inline styles,
 * blob: video previews, the WeChat QR frame) work while refusing foreign scripts. `/elements/*`,
 * `/static/*` and `/file/*` are meant to be loaded by other sites (element bundle, logos, videos), so
 * they carry Cross-Origin-Resource-Policy: cross-origin. Browser API calls are allowed from the
 * configured origins plus the server's own.
 *
 * helmet's middleware is built once and run on every request; the Fastify plugin builds it anew for
 * each request, which cost about 15 % of a cached lesson page.
 */
import helmet from 'helmet';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const CROSS_ORIGIN_PREFIXES = ['/elements/', '/static/', '/file/'];

export interface SecurityOptions {
  allowedOrigins: string[];
  wechatQrUrl: string;
  /** Device shells' host pages, the only other pages that may frame the portal (docs/device.md). */
  shellOrigins?: string[];
  /**
   * Other sites the portal's pages may frame, read when a page is served (the AI assistant's page of
   * the settings, `common.ai.pageUrl`): a change in the settings applies from the next page load.
   */
  frameTargets?: () => Promise<readonly string[]>;
}

/** Where the frame targets of a page request wait for helmet (its directive functions are synchronous). */
const FRAME_TARGETS = Symbol('frameTargets');
type WithFrameTargets = { [FRAME_TARGETS]?: readonly string[] };

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The origins of the http(s) addresses among `values` (anything else is left out). */
export function httpOrigins(values: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const value of values) {
    try {
      const url = new URL(value.trim());
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // Not an address: nothing to frame.
    }
  }
  return [...origins];
}

export function originAllowed(origin: string, request: FastifyRequest, allowed: readonly string[]): boolean {
  return origin === ownOrigin(request) || allowed.includes(origin);
}

export async function installSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  let wechatOrigin = 'https://open.weixin.qq.com';
  try {
    wechatOrigin = new URL(options.wechatQrUrl).origin;
  } catch {
    // Keep the default WeChat origin when the configured URL is not absolute.
  }
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...options.allowedOrigins],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", wechatOrigin, (req) => ((req as WithFrameTargets)[FRAME_TARGETS] ?? []).join(' ')],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", ...(options.shellOrigins ?? [])],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const { frameTargets } = options;
  if (frameTargets) {
    // Only documents (a browser asking for HTML) carry a policy that frames matter for.
    app.addHook('onRequest', async (request) => {
      if (request.method !== 'GET' || !String(request.headers.accept ?? '').includes('text/html')) return;
      (request.raw as WithFrameTargets)[FRAME_TARGETS] = await frameTargets().catch(() => []);
    });
  }
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });

  app.addHook('onSend', async (request, reply) => {
    const path = request.url;
    if (CROSS_ORIGIN_PREFIXES.some((p) => path.startsWith(p))) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
  });

  const allowed = options.allowedOrigins;
  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      // The element bundle is public code that any page may load as a module script (which is fetched
      // in CORS mode); the API behind it stays limited to the allowed origins.
      const publicCode = request.url.startsWith('/elements/') && (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS');
      const permitted = typeof origin === 'string' && originAllowed(origin, request, allowed);
      callback(null, {
        origin: publicCode ? '*' : permitted ? origin : false,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
        allowedHeaders: ['Authorization', 'Content-Type', 'ua', 'topClass', 'Accept-Language', 'Range'],
        exposedHeaders: ['Content-Disposition', 'Content-Range', 'Accept-Ranges', 'Content-Length'],
        credentials: false,
        maxAge: 600,
      });
    },
  });
}
