/**
 * PGlite on a disk folder that keeps what it acknowledged through a crash of the process or of the
 * machine (a power cut, a kernel panic, a VM stopped hard).
 *
 * PGlite as shipped keeps nothing for sure: it starts PostgreSQL with `-F` (fsync off), and even with
 * fsync on, Emscripten's NODEFS has no fsync of its own (`fsync()` answers success and syncs nothing;
 * `fdatasync()` too). A commit is then only in the kernel's page cache, and the kernel writes pages
 * back in any order: after a power cut pg_control may name a checkpoint whose WAL never reached the
 * disk ("could not locate a valid checkpoint record"), a file renamed into place may be empty
 * ("replication checkpoint has wrong magic 0"), and PostgreSQL refuses to start, for good. A killed
 * process alone loses nothing (its writes are in the page cache), which is why SIGKILL tests passed.
 *
 * So: PostgreSQL runs with fsync on and `wal_sync_method=fsync`, NODEFS's streams get a real fsync
 * (the host file's fsync, directories included, which PostgreSQL syncs after renames), and a new
 * cluster is made in a folder beside the final one, synced, and renamed into place, so no crash
 * while making it leaves a half-written cluster that PGlite would take for a whole one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { PGliteOptions } from '@electric-sql/pglite';

type EmscriptenModule = Parameters<NodeFS['init']>[1];

interface NodeFsStream {
  nfd?: number;
  flags: number;
  node: { mode: number };
}
const O_ACCMODE = 3;
const O_RDONLY = 0;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
interface NodeFsOps {
  stream_ops: { fsync?: (stream: NodeFsStream) => number };
  tryFSOperation?: <T>(fn: () => T) => T;
}

/** NODEFS whose fsync reaches the disk. */
class SyncedNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: EmscriptenModule) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod: { NODEFS: unknown }) => {
        const nodefs = mod.NODEFS as NodeFsOps;
        nodefs.stream_ops.fsync = (stream) => {
          // PGlite's build turns pg_flush_data (a hint to start writing back, on a file opened read-only
          // before the real fsync when recovery syncs the whole folder) into fsync: the real one follows.
          if ((stream.flags & O_ACCMODE) === O_RDONLY && (stream.node.mode & S_IFMT) === S_IFREG) return 0;
          // A failed fsync reaches PostgreSQL as EIO, which it treats as fatal (data_sync_retry=off).
          const sync = () => stream.nfd !== undefined && fs.fsyncSync(stream.nfd);
          if (nodefs.tryFSOperation) nodefs.tryFSOperation(sync);
          else sync();
          return 0;
        };
      },
    ] as typeof preRun;
    return result;
  }
}

/** PGlite's own start parameters without `-F`, syncing the WAL with fsync (the one call NODEFS now honours). */
export const DURABLE_START_PARAMS = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];

function durableOptions(dataDir: string): PGliteOptions {
  return { dataDir, fs: new SyncedNodeFS(dataDir), startParams: DURABLE_START_PARAMS };
}

/** fsyncs a file or folder by name. */
export function syncPath(p: string): void {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * fsyncs every file under `dir`, 16 at a time, then the folders, deepest first. What the page cache
 * holds reaches the disk in a fraction of the time PostgreSQL's own one-by-one pass over the folder
 * takes after a crash (which then finds little left to write), and a folder written by an earlier
 * version without fsync becomes durable before anything new is written over it.
 */
export async function syncTree(dir: string): Promise<void> {
  const files: string[] = [];
  const folders: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(full);
    }
    folders.push(d);
  };
  walk(dir);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = await fs.promises.open(files[next++]!, 'r');
      try {
        await file.sync();
      } finally {
        await file.close();
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  for (const folder of folders) syncPath(folder);
}

const isCluster = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/**
 * Makes a new cluster at `dataDir` (missing or empty): initdb in `<dataDir>.new`, a clean close, every
 * file synced, then one rename into place and the parent folder synced.
 */
async function createCluster(dataDir: string): Promise<void> {
  const staging = `${dataDir}.new`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  const pg = await PGlite.create(durableOptions(staging));
  await pg.close();
  await syncTree(staging);
  if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
  fs.renameSync(staging, dataDir);
  syncPath(path.dirname(dataDir));
}

/** Opens (creating it the first time) the cluster in `dataDir` with fsync on and checked. */
export async function openDurablePglite(dataDir: string): Promise<PGlite> {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (!isCluster(dataDir)) {
    const leftovers = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
    if (leftovers.length > 0) {
      throw new Error(`数据库目录 ${dataDir} 不为空，却不是一个数据库（没有 PG_VERSION）/ the database folder holds files but no cluster: ${leftovers.slice(0, 5).join(', ')}`);
    }
    await createCluster(dataDir);
  } else {
    await syncTree(dataDir);
  }
  const client = await PGlite.create(durableOptions(dataDir));
  const settings = await client.query<{ name: string; setting: string }>(`SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'wal_sync_method', 'full_page_writes', 'synchronous_commit')`);
  const found = Object.fromEntries(settings.rows.map((r) => [r.name, r.setting]));
  const wanted = { fsync: 'on', wal_sync_method: 'fsync', full_page_writes: 'on', synchronous_commit: 'on' };
  const wrong = Object.entries(wanted).filter(([name, value]) => found[name] !== value);
  if (wrong.length > 0) {
    await client.close();
    throw new Error(`PGlite 未以持久方式运行 / PGlite is not durable: ${wrong.map(([n, v]) => `${n}=${found[n] ?? '?'} (want ${v})`).join(', ')}`);
  }
  return client;
}
