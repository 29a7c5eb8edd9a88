/**
 * A second server over the database of a running harness, as another process behind the same load
 * balancer would be: with PostgreSQL its own connections (pool and listener) on the same schema; with
 * PGlite, which one process owns, a second app over the same embedded database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type LoginLimits } from '../src/app.js';
import type { Settings } from '../src/settings.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { testKeys, withDatabase, type Answer, type CallOptions, type Harness } from './harness.js';

export interface Instance {
  app: FastifyInstance;
  base: string;
  db: Database;
  call<T = any>(method: string, url: string, options?: CallOptions): Promise<Answer<T>>;
  query<R = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

export async function startSecondInstance(h: Harness, deploySecret: string, limits?: Partial<LoginLimits>, settings?: Partial<Settings>): Promise<Instance> {
  const url = process.env.TEST_DATABASE_URL;
  let db = h.db;
  if (url) {
    // The harness's own database (a copy of the run's template) and schema.
    const [{ database, schema }] = (await h.query<{ database: string; schema: string }>('SELECT current_database() AS database, current_schema() AS schema')) as [{ database: string; schema: string }];
    db = await openDatabase({ url: withDatabase(url, database), schemaName: schema });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ds-server-second-'));
  const app = await buildApp({
    db,
    keys: testKeys(),
    logger: false,
    seedDemo: false,
    ...(limits ? { limits } : {}),
    settings: { dataDir, deploySecret, trustProxy: true, portalDir: path.join(dataDir, 'none'), elementsDir: path.join(dataDir, 'none'), ...settings },
  });
  const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  return {
    app,
    base,
    db,
    async call<T>(method: string, route: string, o: CallOptions = {}): Promise<Answer<T>> {
      const headers: Record<string, string> = { 'x-forwarded-for': o.ip ?? '127.0.0.1', ...o.headers };
      if (o.token !== undefined) headers.authorization = o.token;
      let body: string | undefined;
      if (o.body !== undefined) {
        body = JSON.stringify(o.body);
        headers['content-type'] = 'application/json';
      }
      const res = await fetch(base + route, { method, headers, body });
      const json = (await res.json()) as { status: number; message: string; data: T };
      return { http: res.status, status: json.status, message: json.message, data: json.data, headers: res.headers };
    },
    query: (sqlText, params) => db.script((r) => r.query(sqlText, params)),
    async close() {
      await app.close();
      if (db !== h.db) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
