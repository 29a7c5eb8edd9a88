/**
 * Everything the server reads from its environment, parsed once (contracts.md lists the variables).
 * Tests build the same structure directly instead of touching process.env.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VideoSettings } from './video/videoService.js';
import { FFMPEG_NICENESS } from './video/ffmpegBinary.js';

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoPassword: string;
  seedDemo: boolean;
  allowedOrigins: string[];
  /** Exact origins of the device shells' host pages that may frame the portal (docs/device.md). */
  shellOrigins?: string[];
  trustProxy: boolean | string;
  rsaPrivateKey: string | undefined;
  portalDir: string;
  elementsDir: string;
  logLevel: string;
  tokenTtlSeconds: number;
  loginMode: 0 | 1;
  loginUrl: string;
  deploySecret: string | undefined;
  /** Key of the single sign-on tickets (docs/sso.md); generated in DATA_DIR when unset. */
  ssoTicketSecret?: string | undefined;
  wechatQrUrl: string;
  wechatAppId: string;
  wechatRedirectUri: string;
  /** Request limits (docs/security.md). */
  limits: ServerLimits;
  /** How many server processes run over the one database (`INSTANCES`, docs/deploy.md; default 1). */
  instances: number;
  /** `DATA_DIR_SHARED=1`: DATA_DIR is one shared file system for every instance (docs/deploy.md). */
  dataDirShared: boolean;
  /** Video transcoding (`TRANSCODE`, `TRANSCODE_CONCURRENCY`; docs/video.md); absent: none (tests). */
  video?: VideoSettings;
}

export interface ServerLimits {
  /** Deepest nesting of arrays and objects a JSON body may have. */
  jsonMaxDepth: number;
  /** Time to receive a request's headers. */
  headersTimeoutMs: number;
  /** Time to receive a whole request (headers and body), except chunk uploads. */
  requestTimeoutMs: number;
  /** Time to receive a whole chunk upload (a 10 MB chunk at 1 Mbit/s takes about 80 s). */
  uploadTimeoutMs: number;
  /** A connection on which nothing moves for this long is closed. */
  idleTimeoutMs: number;
  /** How long an idle keep-alive connection waits for its next request. */
  keepAliveTimeoutMs: number;
  /** Open connections per client address (0: no limit, e.g. behind a proxy that limits). */
  maxConnectionsPerIp: number;
  /** Open connections in all. */
  maxConnections: number;
  /** Bytes and entries of the public lesson page cache. */
  pageCacheMaxBytes: number;
  pageCacheMaxEntries: number;
  /** On SIGTERM/SIGINT, in-flight requests get this long before their connections are closed. */
  shutdownGraceMs: number;
  /** Slider puzzles one client may answer for one account within 15 minutes. */
  captchaSolvesPerClient: number;
  /** Heavy requests (lists, statistics, exports) one signed-in user may have running, and waiting. */
  heavyRunningPerUser: number;
  heavyWaitingPerUser: number;
  /** The same for callers without a token, per client address. */
  heavyRunningPerAddress: number;
  heavyWaitingPerAddress: number;
  /** How long a heavy request may wait for its caller's place before it is refused (429). */
  heavyWaitMs: number;
}

/** The repository root, found from this file in `src/` as well as from the bundle in `dist/`. */
function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(path.join(dir, 'packages', 'server'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

function isExactOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.hostname.includes('*') && url.origin === origin.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

/** `SHELL_ORIGINS`: comma-separated exact origins (scheme, host, port; no path, no wildcard). */
function shellOriginsOf(raw: string | undefined): string[] {
  const list = (raw ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of list) {
    if (!isExactOrigin(origin)) throw new Error(`环境变量 SHELL_ORIGINS 只能列出完整的来源（如 https://shell.example.cn），“${origin}”不是`);
  }
  return list.map((o) => o.replace(/\/+$/, ''));
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`环境变量 ${name} 必须是正整数，当前为“${raw}”`);
  return n;
}

function nonNegativeInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`环境变量 ${name} 必须是非负整数，当前为“${raw}”`);
  return n;
}

/** `TRANSCODE_NICENESS`: ffmpeg's scheduling niceness, 0 (as the web requests) to 19 (lowest); 10 by default. */
function niceness(raw: string | undefined): number {
  const n = nonNegativeInt('TRANSCODE_NICENESS', raw, FFMPEG_NICENESS);
  if (n > 19) throw new Error(`环境变量 TRANSCODE_NICENESS 必须是 0 到 19 的整数，当前为“${raw}”`);
  return n;
}

export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerLimits {
  const seconds = (name: string, fallback: number) => positiveInt(name, env[name], fallback) * 1000;
  return {
    jsonMaxDepth: positiveInt('JSON_MAX_DEPTH', env.JSON_MAX_DEPTH, 32),
    headersTimeoutMs: seconds('HEADERS_TIMEOUT_SECONDS', 10),
    requestTimeoutMs: seconds('REQUEST_TIMEOUT_SECONDS', 30),
    uploadTimeoutMs: seconds('UPLOAD_TIMEOUT_SECONDS', 120),
    idleTimeoutMs: seconds('IDLE_TIMEOUT_SECONDS', 60),
    keepAliveTimeoutMs: seconds('KEEP_ALIVE_TIMEOUT_SECONDS', 5),
    maxConnectionsPerIp: nonNegativeInt('MAX_CONNECTIONS_PER_IP', env.MAX_CONNECTIONS_PER_IP, 1000),
    maxConnections: positiveInt('MAX_CONNECTIONS', env.MAX_CONNECTIONS, 10_000),
    pageCacheMaxBytes: positiveInt('PAGE_CACHE_MAX_MB', env.PAGE_CACHE_MAX_MB, 32) * 1024 * 1024,
    pageCacheMaxEntries: positiveInt('PAGE_CACHE_MAX_ENTRIES', env.PAGE_CACHE_MAX_ENTRIES, 2_000),
    shutdownGraceMs: seconds('SHUTDOWN_GRACE_SECONDS', 10),
    captchaSolvesPerClient: positiveInt('CAPTCHA_SOLVES_PER_CLIENT', env.CAPTCHA_SOLVES_PER_CLIENT, 10),
    heavyRunningPerUser: positiveInt('HEAVY_RUNNING_PER_USER', env.HEAVY_RUNNING_PER_USER, 2),
    heavyWaitingPerUser: nonNegativeInt('HEAVY_WAITING_PER_USER', env.HEAVY_WAITING_PER_USER, 10),
    heavyRunningPerAddress: positiveInt('HEAVY_RUNNING_PER_ADDRESS', env.HEAVY_RUNNING_PER_ADDRESS, 8),
    heavyWaitingPerAddress: nonNegativeInt('HEAVY_WAITING_PER_ADDRESS', env.HEAVY_WAITING_PER_ADDRESS, 32),
    heavyWaitMs: seconds('HEAVY_WAIT_SECONDS', 10),
  };
}

function trustProxyOf(raw: string | undefined): boolean | string {
  if (!raw) return false;
  if (raw === 'true' || raw === '1') return true;
  return raw; // An address list or hop count understood by Fastify.
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  const root = repoRoot();
  const port = env.PORT === '0' ? 0 : positiveInt('PORT', env.PORT, 8080);
  if (port > 65535) throw new Error(`环境变量 PORT 超出范围：${port}`);
  const loginMode = env.LOGIN_MODE === '1' ? 1 : 0;
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    demoPassword: env.DEMO_PASSWORD || 'Ds@123456',
    seedDemo: env.SEED_DEMO !== '0',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    shellOrigins: shellOriginsOf(env.SHELL_ORIGINS),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    rsaPrivateKey: env.RSA_PRIVATE_KEY || undefined,
    portalDir: path.resolve(env.PORTAL_DIR || path.join(root, 'packages/portal/dist')),
    elementsDir: path.resolve(env.ELEMENTS_DIR || path.join(root, 'packages/elements/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    tokenTtlSeconds: positiveInt('TOKEN_TTL_SECONDS', env.TOKEN_TTL_SECONDS, 7200),
    loginMode,
    loginUrl: env.LOGIN_URL ?? '',
    deploySecret: env.DEPLOY_SECRET || undefined,
    ssoTicketSecret: env.SSO_TICKET_SECRET || undefined,
    wechatQrUrl: env.WECHAT_QR_URL || 'https://open.weixin.qq.com/connect/qrconnect',
    wechatAppId: env.WECHAT_APP_ID ?? '',
    wechatRedirectUri: env.WECHAT_REDIRECT_URI ?? '',
    limits: limitsFromEnv(env),
    instances: positiveInt('INSTANCES', env.INSTANCES, 1),
    dataDirShared: env.DATA_DIR_SHARED === '1',
    video: { transcode: env.TRANSCODE !== '0', concurrency: nonNegativeInt('TRANSCODE_CONCURRENCY', env.TRANSCODE_CONCURRENCY, 1), niceness: niceness(env.TRANSCODE_NICENESS) },
  };
}
