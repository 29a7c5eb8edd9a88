/**
 * The built server (`dist/faults/main.js`, a private copy made once by the suite's global setup, so a
 * test elsewhere rebuilding `dist/main.js` never hands us half a file) as an operator runs it: its own
 * process, its own data folder, PGlite or a fresh PostgreSQL database of the suite's server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll } from 'vitest';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const faultMainJs = path.join(serverDir, 'dist/faults/main.js');

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM and wait for the exit (SIGKILL after 20 s). */
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  /** PostgreSQL URL; absent = PGlite in the data folder. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** File-descriptor limit of the process (raised through the shell's `ulimit`). */
  maxFiles?: number;
  /** Options for node itself, before the script (`--import` of a module loaded first). */
  nodeArgs?: string[];
}

/** Starts the process and resolves once it prints its address (it is then serving). */
export async function startServer(o: StartOptions): Promise<ServerProcess> {
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: o.dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: o.databaseUrl ?? '',
    ...o.env,
  };
  const args = [...(o.nodeArgs ?? []), faultMainJs];
  const child = o.maxFiles
    ? spawn('/bin/sh', ['-c', `ulimit -n ${o.maxFiles} 2>/dev/null; exec "$0" "$@"`, process.execPath, ...args], { env })
    : spawn(process.execPath, args, { env });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close', not 'exit': the exit can be reported before the last output is read from the pipes.
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const killNow = () => child.kill('SIGKILL');
  process.once('exit', killNow);
  exited.then(() => process.off('exit', killNow));
  const base = await Promise.race([
    waitFor(() => /listening on (http:\/\/\S+)/.exec(output)?.[1], 'the server to listen', 180_000),
    exited.then(({ code, signal }) => {
      throw new Error(`the server exited (${code ?? signal}) before listening:\n${output}`);
    }),
  ]);
  return {
    base,
    child,
    dataDir: o.dataDir,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `fn` until it gives a value (not undefined/false), or throws naming `what` after `ms`. */
export async function waitFor<T>(fn: () => T | undefined | false | Promise<T | undefined | false>, what: string, ms = 60_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The suite's database leg: PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise. */
export const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
export const databaseLeg = postgresUrl ? 'PostgreSQL' : 'PGlite';

/** The suite's template (test/faults/globalSetup.ts), read lazily: the global setup imports this file too. */
async function template(key: 'faultTemplateDir' | 'faultTemplateDatabase'): Promise<string> {
  const { inject } = await import('vitest');
  return inject(key);
}

/**
 * A data folder copied from the suite's migrated and seeded one, in a temporary folder of its own;
 * `remove()` deletes it.
 */
export async function freshDataDir(): Promise<{ dataDir: string; remove(): void }> {
  const root = mkdtempSync(path.join(tmpdir(), 'ds-fault-'));
  const dataDir = path.join(root, 'data');
  cpSync(await template('faultTemplateDir'), dataDir, { recursive: true });
  return { dataDir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * A fresh database on the suite's PostgreSQL, made from the migrated and seeded template (dropped by
 * `drop()`), or nothing on the PGlite leg.
 */
export async function scratchDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (!postgresUrl) return { url: undefined, drop: async () => undefined };
  const name = `ds_fault_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await template('faultTemplateDatabase')}`);
  await admin.end();
  const own = new URL(postgresUrl);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Undo steps of a test file, run in reverse order after its tests. */
export type Cleanup = Array<() => Promise<void> | void>;

/** The file's undo steps, run in reverse order after all its tests. */
export function cleanupAfterAll(): Cleanup {
  const cleanup: Cleanup = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });
  return cleanup;
}

/**
 * The process most fault tests need: started on a fresh copy of the seeded data folder and, on the
 * PostgreSQL leg, a database of its own. Each thing it makes is pushed on `cleanup` as it is made, so a
 * start that fails half-way is undone too.
 */
export async function startFreshServer(cleanup: Cleanup, options: Omit<StartOptions, 'dataDir' | 'databaseUrl'> = {}): Promise<ServerProcess> {
  const { dataDir, remove } = await freshDataDir();
  cleanup.push(remove);
  const db = await scratchDatabase();
  cleanup.push(() => db.drop());
  const server = await startServer({ ...options, dataDir, databaseUrl: db.url });
  cleanup.push(() => server.stop());
  return server;
}
