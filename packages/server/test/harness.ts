/**
 * Starts the real server on a random port over a real database: PGlite in memory, or a fresh schema
 * of the PostgreSQL at TEST_DATABASE_URL. One per test file. Requests go over real HTTP with fetch.
 */
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { limitsFromEnv } from '../src/settings.js';
import { generateRsaKeys, type RsaKeys } from '../src/auth/rsaKeys.js';

export const DEMO_PASSWORD = 'Ds@123456';

let sharedKeys: RsaKeys | undefined;
export const testKeys = (): RsaKeys => (sharedKeys ??= generateRsaKeys());

export interface Answer<T = unknown> {
  http: number;
  status: number;
  message: string;
  data: T;
  headers: Headers;
}

/** What a password login answers (auth/loginService.ts). */
export interface LoginAnswer {
  token: string;
  expire: number;
  deviceToken: string;
  failedLogins?: { count: number; lastAt: number };
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string | Buffer;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface Harness {
  app: FastifyInstance;
  db: Database;
  base: string;
  dataDir: string;
  advance(ms: number): void;
  /** Stops the server's clock where it is (only `advance` moves it) until the returned function is called. */
  freeze(): () => void;
  encrypt(password: string, publicKeyPem?: string): string;
  call<T = any>(method: string, url: string, options?: CallOptions): Promise<Answer<T>>;
  login(username: string, password?: string, ip?: string, extra?: Record<string, unknown>): Promise<Answer<LoginAnswer>>;
  token(username: string): Promise<string>;
  query<R = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

let ipCounter = 0;
/** A fresh client address per call site, so per-IP limits of one test do not leak into another. */
export const freshIp = (): string => `10.${process.pid % 250}.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

/** The migrated and seeded PGlite dump made once per run by test/globalSetup.ts (absent when run alone). */
function pgliteTemplate(): Blob | undefined {
  const file = provided('pgliteTemplate');
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/** What test/globalSetup.ts handed on, or '' outside vitest's project context (e.g. the global setup itself). */
function provided(key: 'pgliteTemplate' | 'postgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/** The schema of the PostgreSQL template database (test/globalSetup.ts); each copy renames it. */
export const POSTGRES_TEMPLATE_SCHEMA = 't_template';

/** `url` with its database name replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A database of its own for one test file: PGlite from the run's dump, or on TEST_DATABASE_URL a copy of
 * the run's migrated and seeded template database, its schema renamed to one of the file's own (the
 * listeners, locks and notifications of the server are named after it); run alone, a fresh schema of
 * TEST_DATABASE_URL, migrated and seeded by the server's start. `dispose()` closes it and drops the copy
 * or the schema.
 */
export async function openTestDatabase(): Promise<{ db: Database; dispose(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ template: pgliteTemplate() });
    return { db, dispose: () => db.close() };
  }
  const schemaName = `t_${randomBytes(6).toString('hex')}`;
  const template = provided('postgresTemplate');
  const admin = async <T>(work: (client: pg.Client) => Promise<T>, connectionString = url): Promise<T> => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  if (template) {
    const copy = withDatabase(url, schemaName);
    await admin((client) => client.query(`CREATE DATABASE "${schemaName}" TEMPLATE "${template}"`));
    await admin((client) => client.query(`ALTER SCHEMA "${POSTGRES_TEMPLATE_SCHEMA}" RENAME TO "${schemaName}"`), copy);
    const db = await openDatabase({ url: copy, schemaName });
    return {
      db,
      async dispose() {
        await db.close();
        await admin((client) => client.query(`DROP DATABASE IF EXISTS "${schemaName}" WITH (FORCE)`));
      },
    };
  }
  const db = await openDatabase({ url, schemaName });
  return {
    db,
    async dispose() {
      await db.close();
      await admin((client) => client.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`));
    },
  };
}

export async function startHarness(options: Omit<BuildOptions, 'db' | 'now'> = {}): Promise<Harness> {
  const { db, dispose } = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ds-server-test-'));
  let offset = 0;
  let frozenAt: number | undefined;
  const keys = options.keys ?? testKeys();
  const app = await buildApp({
    ...options,
    db,
    keys,
    now: () => (frozenAt ?? Date.now()) + offset,
    logger: options.logger ?? false,
    seedDemo: true,
    settings: {
      dataDir,
      demoPassword: DEMO_PASSWORD,
      trustProxy: true,
      portalDir: path.join(dataDir, 'no-portal'),
      elementsDir: path.join(dataDir, 'no-elements'),
      // No transcoding unless a file asks for it (test/video.upload.test.ts): a server per file would
      // otherwise look for ffmpeg and run a worker that no other file needs.
      video: { transcode: false, concurrency: 0 },
      // Idle keep-alive connections are kept longer than a test process can stall: a test that builds a
      // 20 MB form synchronously on a loaded machine can otherwise send it on a connection the server
      // closed meanwhile (undici does not retry a POST; a browser retries such a request itself).
      limits: { ...limitsFromEnv(), keepAliveTimeoutMs: 60_000 },
      ...options.settings,
    },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = address.replace('[::1]', '127.0.0.1');

  const encrypt = (password: string, pem = keys.publicKeyPem) =>
    publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password, 'utf8')).toString('base64');

  async function call<T>(method: string, url: string, o: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token !== undefined) headers.authorization = o.token;
    headers['x-forwarded-for'] ??= o.ip ?? '127.0.0.1';
    let body: string | Buffer | undefined;
    if (o.rawBody !== undefined) body = o.rawBody;
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(base + url, { method, headers, body });
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = { status: -1, message: text, data: null };
    }
    return { http: res.status, status: json.status, message: json.message, data: json.data, headers: res.headers };
  }

  const harness: Harness = {
    app,
    db,
    base,
    dataDir,
    advance: (ms) => {
      offset += ms;
    },
    freeze: () => {
      frozenAt = Date.now();
      return () => {
        offset += frozenAt! - Date.now();
        frozenAt = undefined;
      };
    },
    encrypt,
    call,
    login: (username, password = DEMO_PASSWORD, ip = freshIp(), extra = {}) =>
      call('POST', '/cas/login/restful', {
        body: { username, password: encrypt(password), code: 'web', ed: '', ...extra },
        ip,
      }),
    async token(username) {
      const answer = await harness.login(username);
      if (answer.status !== 200) throw new Error(`login of ${username} failed: ${answer.status} ${answer.message}`);
      return answer.data.token;
    },
    query: (sqlText, params) => db.script((r) => r.query(sqlText, params)),
    async close() {
      await app.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** What `startHarness` takes, or a function giving it when the file's earlier hooks have run. */
export type HarnessOptions = Parameters<typeof startHarness>[0];

/**
 * One server per test file: starts it before the file's tests (before the file's own `beforeAll`
 * hooks registered after this call) and closes it after them. The answer stands for the running
 * harness, so a file writes `const h = useHarness();` and then `h.call(…)` in hooks and tests.
 */
export function useHarness(options?: HarnessOptions | (() => HarnessOptions)): Harness {
  let current: Harness | undefined;
  beforeAll(async () => {
    current = await startHarness(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as Harness, {
    get(_, key) {
      if (!current) throw new Error(`the test harness is not running (read of ${String(key)} outside the file's hooks and tests)`);
      const value = current[key as keyof Harness];
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/** Reads the puzzle's answer from the database (a person reads it from the picture). */
export async function solveCaptcha(h: Harness, username: string, ip = freshIp()): Promise<string> {
  const puzzle = await h.call<{ captchaId: string }>('GET', `/cas/captcha?username=${encodeURIComponent(username)}`, { ip });
  const [row] = await h.query<{ answer_x: number }>('SELECT answer_x FROM captchas WHERE id = $1', [puzzle.data.captchaId]);
  const verified = await h.call<{ captchaToken: string }>('POST', '/cas/captcha/verify', {
    body: { captchaId: puzzle.data.captchaId, x: Number(row!.answer_x) + 3 },
    ip,
  });
  if (verified.status !== 200) throw new Error(`captcha failed: ${verified.message}`);
  return verified.data.captchaToken;
}
