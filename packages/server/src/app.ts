/**
 * `buildApp(options)` assembles the reference API server and returns it ready to listen. Tests pass
 * an opened database (`options.db`) and their own settings; the CLI passes nothing and gets the
 * database and keys from the environment, with the data-folder lock held until `app.close()`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/database.js';
import { acquireDataDirLock, type DataDirLock } from './db/lock.js';
import { migrate } from './db/migrate.js';
import { lazyValidatorFactory, requestAjvOptions } from './http/lazyValidators.js';
import { settingsFromEnv, type Settings } from './settings.js';
import { checkClusterSettings } from './clusterRules.js';
import { installErrorHandling } from './http/errorHandler.js';
import { installJsonBodyParsing, JSON_BODY_LIMIT } from './http/bodyParsing.js';
import { hardenRouteSchema } from './http/schemaRules.js';
import { installConnectionLimits, timeoutOptions } from './http/connectionLimits.js';
import type { MeasuredCache } from './util/cacheStats.js';
import { httpOrigins, installSecurity } from './http/security.js';
import { createGuard } from './http/guard.js';
import { RateLimiter } from './http/rateLimiter.js';
import { loadRsaKeys, type RsaKeys } from './auth/rsaKeys.js';
import { loadServerSecret } from './auth/secrets.js';
import { TokenService, type TokenPolicy } from './auth/tokenService.js';
import { SessionCache } from './auth/sessionCache.js';
import { watchOrganisations } from './management/orgScope.js';
import { startInvalidationBus, type InvalidationBus } from './cache/invalidationBus.js';
import { LoginFailures, type FailurePolicy } from './auth/loginFailures.js';
import { LoginDevices } from './auth/loginDevices.js';
import { CaptchaService } from './auth/captchaService.js';
import { LoginService } from './auth/loginService.js';
import { UsersRepo } from './users/usersRepo.js';
import { seedDemoAccounts } from './users/demoSeed.js';
import { PlatformConfig } from './config/platformConfig.js';
import { seedDefaultConfig } from './config/defaultConfig.js';
import { mediaLinks } from './files/mediaLinks.js';
import { seedCloudLessons } from './lessons/demoSeed.js';
import { seedDemoActivities } from './activities/demoSeed.js';
import { startHousekeeping, type Housekeeping } from './housekeeping.js';
import { benchRoutes } from './bench/bareUpload.js';
import { MODULES } from './modules.js';
import { logSerializers } from './http/logRedaction.js';
import type { ManageAccess } from './management/roles.js';
import { laneOf } from './http/heavyRoutes.js';
import { callerKey, heavyLimits } from './http/heavyLimits.js';
import { runAs } from './db/turns.js';

export interface LoginLimits extends FailurePolicy {
  /** Login attempts per client IP per minute. */
  ipAttemptsPerMinute: number;
  /** Captcha puzzles and answers per client IP per minute. */
  captchaPerMinute: number;
  /** Puzzles one client may answer for one account per `captchaSolveWindowMs` (default: CAPTCHA_SOLVES_PER_CLIENT). */
  captchaSolvesPerClient?: number;
  captchaSolveWindowMs: number;
}

export const DEFAULT_LIMITS: LoginLimits = {
  captchaAfter: 2,
  captchaWindowMs: 24 * 3600_000,
  lockAfter: 10,
  lockWindowMs: 15 * 60_000,
  delayAfter: 5,
  delayBaseMs: 30_000,
  delayMaxMs: 15 * 60_000,
  ipAttemptsPerMinute: 30,
  captchaPerMinute: 30,
  captchaSolveWindowMs: 15 * 60_000,
};

export interface BuildOptions {
  /** Overrides of the environment's settings. */
  settings?: Partial<Settings>;
  /** An opened, caller-owned database; when absent one is opened (and closed) by the app. */
  db?: Database;
  keys?: RsaKeys;
  now?: () => number;
  limits?: Partial<LoginLimits>;
  tokenPolicy?: Partial<Omit<TokenPolicy, 'ttlSeconds'>>;
  logger?: boolean;
  /** Where the log goes (default standard output); tests read it. */
  logStream?: { write(line: string): void };
  /** Insert the demo organisations and accounts (default: settings.seedDemo). */
  seedDemo?: boolean;
  /**
   * What `close()` does with open connections: `true` (tests) cuts them at once; `'idle'` (the CLI)
   * closes idle ones and lets in-flight requests finish (main.ts bounds how long).
   */
  forceCloseConnections?: boolean | 'idle';
}

export interface RouteSummary {
  method: string;
  url: string;
  public: boolean;
  /** Back-office routes: the roles they open to (management/access.ts). */
  management?: ManageAccess;
  /** Reviewer-gated routes (activityReview/reviewerGate.ts), walked with the back-office ones. */
  reviewer?: boolean;
  /** Lists, pages, statistics and exports (http/heavyRoutes.ts): per-caller places, the heavy lane. */
  heavy: boolean;
  /** The request schema as validated (after schemaRules.ts). */
  schema?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for the guard walk in the tests and for docs. */
    routeList: RouteSummary[];
    ctx: AppContext;
    /** Demo accounts created while building (empty when they already existed). */
    seededAccounts: string[];
    /** The in-memory caches by name, for their bounds and sizes (tests, diagnostics). */
    caches: Map<string, MeasuredCache>;
    /** The periodic sweep; `tick()` takes a turn now (tests). */
    housekeeping: Housekeeping;
  }
}

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const settings: Settings = { ...settingsFromEnv(), ...options.settings };
  const now = options.now ?? Date.now;
  checkClusterSettings(settings);
  let lock: DataDirLock | undefined;
  let db = options.db;
  if (!db) {
    // The folder lock keeps a second process off PGlite's folder; instances over PostgreSQL on a
    // shared folder (clusterRules.ts) share it on purpose.
    if (!(settings.dataDirShared && settings.databaseUrl)) lock = acquireDataDirLock(settings.dataDir);
    try {
      db = await openDatabase(
        settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: path.join(settings.dataDir, 'pgdata') },
      );
    } catch (err) {
      lock?.release();
      throw err;
    }
  }
  const ownsDb = !options.db;
  const database = db;
  let bus: InvalidationBus | undefined;

  try {
    await migrate(database);
    bus = await startInvalidationBus(database);
    // Instances starting together over one database seed one after the other (each finds what the
    // previous one inserted), as they migrate: the seeds check what exists, then insert.
    const seeding = await database.exclusive('seed', async () => {
      await seedDefaultConfig(database.orm);
      const accounts = (options.seedDemo ?? settings.seedDemo)
        ? await seedDemoAccounts(database.orm, settings.demoPassword, now())
        : [];
      await seedCloudLessons(database.orm, { demo: options.seedDemo ?? settings.seedDemo, now: now() });
      if (options.seedDemo ?? settings.seedDemo) await seedDemoActivities(database.orm, now());
      return accounts;
    });
    const seeded = seeding.ran ? seeding.value : [];

    const limits = { ...DEFAULT_LIMITS, ...options.limits };
    const keys = options.keys ?? loadRsaKeys({ pem: settings.rsaPrivateKey, dataDir: settings.dataDir });
    const secret = loadServerSecret({ secret: settings.deploySecret, dataDir: settings.dataDir });
    const users = new UsersRepo(database.orm);
    const tokens = new TokenService(
      database.orm,
      secret,
      { ttlSeconds: settings.tokenTtlSeconds, rotationGraceSeconds: 30, refreshWindowSeconds: 300, ...options.tokenPolicy },
      now,
    );
    const sessions = new SessionCache(tokens, users, bus);
    const unwatchOrganisations = watchOrganisations(database.orm, bus);
    const failures = new LoginFailures(database.orm, limits, now);
    const captcha = new CaptchaService(database.orm, now, {
      solvesPerClient: limits.captchaSolvesPerClient ?? settings.limits.captchaSolvesPerClient,
      windowMs: limits.captchaSolveWindowMs,
    });
    const devices = new LoginDevices(database.orm, now);
    const login = new LoginService({
      users,
      tokens,
      failures,
      devices,
      captcha,
      ipLimiter: new RateLimiter(database.orm, 'login', limits.ipAttemptsPerMinute, 60_000, now),
      privateKey: () => keys.privateKey,
    });
    const ctx: AppContext = {
      settings,
      db: database,
      now,
      guard: createGuard(sessions),
      keys,
      secret,
      media: mediaLinks(secret, now),
      users,
      tokens,
      sessions,
      bus,
      login,
      captcha,
      failures,
      devices,
      captchaLimiter: new RateLimiter(database.orm, 'captcha', limits.captchaPerMinute, 60_000, now),
      config: new PlatformConfig(database.orm, now, bus),
    };

    const app = Fastify({
      logger: options.logger === false ? false : { level: settings.logLevel, serializers: logSerializers, ...(options.logStream ? { stream: options.logStream } : {}) },
      trustProxy: settings.trustProxy,
      bodyLimit: JSON_BODY_LIMIT,
      forceCloseConnections: options.forceCloseConnections ?? true,
      // A request reaching a closing server gets 503 in the envelope from http/healthRoutes.ts.
      return503OnClosing: false,
      ...timeoutOptions(settings.limits),
      ajv: requestAjvOptions,
      schemaController: { compilersFactory: { buildValidator: lazyValidatorFactory() as never } },
    });
    const routeList: RouteSummary[] = [];
    app.decorate('routeList', routeList);
    app.decorate('ctx', ctx);
    app.decorate('seededAccounts', seeded);
    app.decorate('caches', new Map<string, MeasuredCache>([['sessions', sessions]]));
    app.decorateRequest('auth', null);
    app.decorateRequest('scope', null);
    const heavyPlaces = heavyLimits(sessions, settings.limits);
    app.addHook('onRoute', (route) => {
      hardenRouteSchema(route.schema as Record<string, unknown> | undefined);
      // The caller's places first, before the route's own hooks touch the database.
      if (route.config?.heavy) {
        const own = route.preValidation;
        route.preValidation = [heavyPlaces.admit, ...(Array.isArray(own) ? own : own ? [own] : [])] as typeof route.preValidation;
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        routeList.push({
          method,
          url: route.url,
          public: route.config?.public === true,
          management: route.config?.management,
          reviewer: route.config?.reviewer === true,
          heavy: route.config?.heavy === true,
          schema: route.schema as Record<string, unknown> | undefined,
        });
      }
    });

    // From here on a request's statements wait in its lane, as its caller (db/fairGate.ts, db/turns.ts);
    // after the body is read, since the body's events do not carry the request's async context. Only
    // the embedded database has the gate that reads it.
    if (database.gate) {
      app.addHook('preValidation', (request, _reply, done) => {
        runAs({ lane: laneOf(request.routeOptions.config), key: () => callerKey(request) }, done);
      });
    }
    installErrorHandling(app);
    installJsonBodyParsing(app, settings.limits.jsonMaxDepth);
    installConnectionLimits(app, settings.limits);
    await installSecurity(app, {
      allowedOrigins: settings.allowedOrigins,
      wechatQrUrl: settings.wechatQrUrl,
      shellOrigins: settings.shellOrigins ?? [],
      // The AI assistant's page opens in a frame of the portal (docs/sso.md).
      frameTargets: async () => httpOrigins([await ctx.config.value('common.ai.pageUrl')]),
    });

    for (const domain of MODULES) await domain.routes(app, ctx);
    if (process.env.BENCH_ROUTES === '1') await benchRoutes(app, ctx);

    const housekeeping = startHousekeeping(ctx, (err) => app.log.warn({ err }, 'housekeeping failed'));
    app.decorate('housekeeping', housekeeping);
    app.addHook('onClose', async () => {
      await housekeeping.stop();
      // Running passes stop and go back to the queue before the database closes.
      await ctx.files?.videos.stop();
      sessions.close();
      unwatchOrganisations();
      await bus?.close();
      if (ownsDb) await database.close();
      lock?.release();
    });
    await app.ready();
    return app;
  } catch (err) {
    await bus?.close().catch(() => undefined);
    if (ownsDb) await database.close().catch(() => undefined);
    lock?.release();
    throw err;
  }
}
