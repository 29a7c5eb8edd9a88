// A throwaway PostgreSQL 15 cluster on loopback, as .ci/run starts one: initdb into a temporary folder
// (as the postgres user when running as root), a free port, fsync off, removed by `stop()`. DDL
// statements are logged with the process id of the backend that ran them, so a test can count who
// applied the migrations.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../reference-server.mjs';

const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

function run(args, asPostgres) {
  const [cmd, ...rest] = args;
  const r = asPostgres
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...rest].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ')], { cwd: '/tmp', encoding: 'utf8' })
    : spawnSync(cmd, rest, { cwd: '/tmp', encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** `{ url, log(), stop() }`: `url` is a database `ds` owned by the superuser `postgres`. */
export async function startPostgres() {
  if (!existsSync(join(PG_BIN, 'initdb'))) throw new Error(`PostgreSQL 15 is not installed (${PG_BIN}/initdb): apt-get install -y postgresql`);
  const asPostgres = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'ds-cluster-pg-'));
  if (asPostgres) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const data = join(dir, 'data');
  const logFile = join(dir, 'log');
  run([join(PG_BIN, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'], asPostgres);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c log_statement=ddl -c log_line_prefix=pid=%p: `;
  run([join(PG_BIN, 'pg_ctl'), '-D', data, '-o', options, '-l', logFile, '-w', 'start'], asPostgres);
  run([join(PG_BIN, 'psql'), '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-qc', 'CREATE DATABASE ds'], asPostgres);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run([join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'], asPostgres);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/ds`, log: () => readFileSync(logFile, 'utf8'), stop };
}
