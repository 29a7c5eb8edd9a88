/**
 * One handle over either embedded PGlite or a PostgreSQL pool. Queries go through drizzle (`orm`);
 * migrations need raw multi-statement scripts, which the two drivers run differently, hence `script`.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema.js';
import { openDurablePglite } from './pgliteDisk.js';
import { isDatabaseUnavailable } from './unavailable.js';
import { listenPostgres, type ListenHandlers } from './pgListen.js';
import { inProcessExclusive, postgresExclusive, type Exclusive } from './exclusive.js';
import { alwaysLeader, postgresLeadership, type Leadership } from './leadership.js';
import { FairGate, type GateStats } from './fairGate.js';
import { currentTurn } from './turns.js';

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface ScriptRunner {
  exec(sqlText: string): Promise<void>;
  query<R = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<R[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /**
   * PGlite in a data folder: this process is the only one over the database (it holds the folder's
   * lock), so whatever another process left marked as running died with it.
   */
  sole?: boolean;
  orm: Orm;
  /** Runs `fn` inside one transaction on one connection (BEGIN/COMMIT, rollback on throw). */
  script<T>(fn: (runner: ScriptRunner) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` while no other holder of `name` runs, across every process over this database
   * (db/exclusive.ts): the migrations, the housekeeping sweep.
   */
  exclusive: Exclusive;
  /** A duty one process leads at a time, the lead passing on when it ends (db/leadership.ts). */
  leadership(name: string): Leadership;
  /** Throws unless the database answers a trivial query (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Notifications on `channel` (NOTIFY): in-process with PGlite, over a dedicated connection that
   * reconnects by itself with PostgreSQL. `ready` settles once listening first starts.
   */
  listen(channel: string, handlers: ListenHandlers): { ready: Promise<void>; stop(): Promise<void> };
  /** PGlite only: the whole database as a tarball, to start other instances from (test templates). */
  dump?(): Promise<Blob>;
  /** PGlite only: the gate every statement and transaction passes (fairGate.ts), for tests and diagnostics. */
  gate?(): GateStats;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite data folder, synced to the disk at every commit (pgliteDisk.ts); absent = in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to use (created when missing), so test runs stay apart. */
  schemaName?: string;
  /** PGlite in memory: start from this dump (`Database.dump()`) instead of an empty cluster. */
  template?: Blob;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.schemaName) : openPglite(options.dataDir, options.template);
}

/**
 * The PGlite client as drizzle sees it: every statement and transaction waits for its turn at the gate
 * (fairGate.ts), in the lane of the request that asks (turns.ts). Statements inside a transaction use
 * the transaction's own handle and pass at once: the transaction holds the one place meanwhile.
 */
function gatedClient(client: PGlite, gate: FairGate): PGlite {
  const gated: Pick<PGlite, 'query' | 'exec' | 'transaction'> = {
    query: (...args) => gate.run(currentTurn(), () => client.query(...args)),
    exec: (...args) => gate.run(currentTurn(), () => client.exec(...args)),
    transaction: (fn) => gate.run(currentTurn(), () => client.transaction(fn)),
  };
  return gated as PGlite;
}

/**
 * An in-memory PGlite is a test's database, a few megabytes of data: a 16 MB buffer pool instead of
 * PostgreSQL's 128 MB, which every start sets up (half of the CPU of starting from a template).
 */
const IN_MEMORY_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function openPglite(dataDir?: string, template?: Blob): Promise<Database> {
  if (dataDir && template) throw new Error('a PGlite template is for in-memory databases only');
  const client = dataDir
    ? await openDurablePglite(dataDir)
    : await PGlite.create({ startParams: IN_MEMORY_START_PARAMS, ...(template ? { loadDataDir: template } : {}) });
  const gate = new FairGate({ capacity: 1 });
  const gated = gatedClient(client, gate);
  const orm = drizzlePglite({ client: gated, schema }) as unknown as Orm;
  let closed = false;
  return {
    kind: 'pglite',
    sole: !!dataDir,
    orm,
    script: (fn) =>
      gated.transaction((tx) =>
        fn({
          exec: async (s) => {
            await tx.exec(s);
          },
          query: async <R>(s: string, p?: unknown[]) => (await tx.query<R>(s, p)).rows,
        }),
      ),
    exclusive: inProcessExclusive(),
    leadership: alwaysLeader,
    async ping() {
      await gated.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
    dump: () => client.dumpDataDir('none'),
    gate: () => gate.stats(),
    listen(channel, handlers) {
      const started = client.listen(channel, handlers.payload).then((unlisten) => {
        handlers.state(true);
        return unlisten;
      });
      return {
        ready: started.then(() => undefined),
        async stop() {
          if (closed) return;
          await (await started)().catch(() => undefined);
        },
      };
    },
  };
}

async function openPostgres(url: string, schemaName?: string): Promise<Database> {
  if (schemaName !== undefined && !SCHEMA_NAME.test(schemaName)) {
    throw new Error(`无效的数据库 schema 名称：${schemaName}`);
  }
  if (schemaName) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      // Servers starting at once would race on the catalogue row (`IF NOT EXISTS` does not lock).
      await setup.query('BEGIN');
      await setup.query(`SELECT pg_advisory_xact_lock(hashtext('ds-create-schema'))`);
      await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
      await setup.query('COMMIT');
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schemaName ? { options: `-c search_path="${schemaName}"` } : {}),
  });
  // An idle connection cut by the database (a restart) is dropped by the pool, which opens a new one
  // on demand; without a listener the pool's 'error' event would end the process.
  pool.on('error', (err) => console.warn('数据库连接中断，将重新连接 / database connection lost:', err.message));
  // Fail at start rather than on the first request when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const orm = drizzlePg({ client: pool, schema }) as unknown as Orm;
  let closed = false;
  return {
    kind: 'postgres',
    orm,
    async script(fn) {
      const conn = await pool.connect();
      let broken: Error | undefined;
      try {
        await conn.query('BEGIN');
        const result = await fn({
          exec: async (s) => {
            await conn.query(s);
          },
          query: async <R>(s: string, p?: unknown[]) => (await conn.query(s, p)).rows as R[],
        });
        await conn.query('COMMIT');
        return result;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => undefined);
        broken = isDatabaseUnavailable(err) ? (err as Error) : undefined;
        throw err;
      } finally {
        // A connection the database cut is destroyed, not handed to the next request.
        conn.release(broken);
      }
    },
    exclusive: postgresExclusive(pool),
    leadership: (name) => postgresLeadership(url, name, schemaName),
    async ping() {
      await pool.query('select 1');
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers, schemaName),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
