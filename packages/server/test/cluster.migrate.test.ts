/**
 * Several servers started at the same moment on one fresh PostgreSQL database, as a rolling deploy or
 * a whole cluster coming up does: the migrations are applied once, and every server starts.
 * PostgreSQL only (PGlite is owned by one process).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { findMigrationsDir, migrate } from '../src/db/migrate.js';
import { testKeys } from './harness.js';

const url = process.env.TEST_DATABASE_URL;
const schemas: string[] = [];
const opened: Database[] = [];
const dirs: string[] = [];

async function freshSchema(): Promise<string> {
  const name = `m_${randomBytes(6).toString('hex')}`;
  schemas.push(name);
  return name;
}

async function open(schemaName: string): Promise<Database> {
  const db = await openDatabase({ url: url!, schemaName });
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.close().catch(() => undefined);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const name of schemas.splice(0)) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  await client.end();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!url)('migrations with several servers starting at once (PostgreSQL)', () => {
  it('three migration runs at the same moment on a fresh database apply every file exactly once', async () => {
    const schema = await freshSchema();
    const dbs = await Promise.all([open(schema), open(schema), open(schema)]);
    const runs = await Promise.allSettled(dbs.map((db) => migrate(db)));
    expect(runs.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const applied = runs.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    const files = readdirSync(findMigrationsDir()).filter((f) => /^\d{4}_.*\.sql$/.test(f)).sort();
    expect(applied.sort()).toEqual(files);
    const [{ n }] = (await dbs[0]!.script((r) => r.query<{ n: string }>('SELECT count(*) AS n FROM schema_migrations'))) as [{ n: string }];
    expect(Number(n)).toBe(files.length);
  });

  it('three servers started at the same moment on a fresh database all start and serve', async () => {
    const schema = await freshSchema();
    const dbs = await Promise.all([open(schema), open(schema), open(schema)]);
    const starts = await Promise.allSettled(
      dbs.map((db) => {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'ds-migrate-'));
        dirs.push(dataDir);
        return buildApp({
          db,
          keys: testKeys(),
          logger: false,
          seedDemo: false,
          settings: { dataDir, deploySecret: 'one-secret-for-the-cluster', portalDir: path.join(dataDir, 'none'), elementsDir: path.join(dataDir, 'none') },
        });
      }),
    );
    expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started', 'started']);
    for (const s of starts) {
      if (s.status !== 'fulfilled') continue;
      const res = await s.value.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      await s.value.close();
    }
  });
});
