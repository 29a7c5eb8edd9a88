/**
 * PGlite has no lock of its own: two processes on one data folder would corrupt it. The server holds
 * `DATA_DIR/server.lock` with its pid; a lock whose pid is no longer alive (a crash) is taken over.
 *
 * The lock file never exists without its pid: it is written under a name of our own and then linked
 * into place (a link fails if the name exists, atomically). A stale lock is moved aside under a name
 * of our own before it is removed, so two processes taking over the same stale lock at once cannot
 * remove each other's fresh one: only one of them moves it, the other finds it gone and tries again.
 */
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class LockHeldError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(`数据目录已被进程 ${pid} 占用（锁文件 ${lockPath}），同一目录只能运行一个服务器`);
    this.name = 'LockHeldError';
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user, so it is alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryCreate(lockPath: string): boolean {
  const mine = `${lockPath}.${process.pid}.new`;
  writeFileSync(mine, `${process.pid}\n`, { mode: 0o600 });
  try {
    linkSync(mine, lockPath);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(mine, { force: true });
  }
}

const holderOf = (file: string): number => Number.parseInt(readFileSync(file, 'utf8'), 10);

/** Moves a lock seen as stale aside and removes it — unless what was moved turns out to be alive. */
function takeOver(lockPath: string, staleHolder: number): void {
  const aside = `${lockPath}.${process.pid}.stale`;
  try {
    renameSync(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // Another process moved it first.
    throw err;
  }
  let moved = NaN;
  try {
    moved = holderOf(aside);
  } catch {
    // Unreadable: stale.
  }
  if (moved !== staleHolder && alive(moved)) {
    // A process took the folder between our look and our move: put its lock back and step aside.
    try {
      linkSync(aside, lockPath);
    } catch {
      // Someone else holds the name now; their lock stands.
    }
    rmSync(aside, { force: true });
    throw new LockHeldError(lockPath, moved);
  }
  rmSync(aside, { force: true });
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(lockPath)) {
      let released = false;
      // A process that exits without closing (an error while closing) still leaves the folder free.
      const onExit = () => lock.release();
      process.once('exit', onExit);
      const lock: DataDirLock = {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          process.off('exit', onExit);
          try {
            if (holderOf(lockPath) === process.pid) rmSync(lockPath, { force: true });
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
      return lock;
    }
    let holder: number;
    try {
      holder = holderOf(lockPath);
    } catch {
      continue; // Removed between our attempts: try again.
    }
    if (alive(holder)) throw new LockHeldError(lockPath, holder);
    takeOver(lockPath, holder);
  }
  throw new Error(`无法获取数据目录锁：${lockPath}`);
}
