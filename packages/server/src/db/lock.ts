/**
 * PGlite has no lock of its own: two processes on one data folder would corrupt it. The server holds
 * `DATA_DIR/server.lock` with its pid; a lock whose pid is no longer alive (a crash) is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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
  try {
    const fd = openSync(lockPath, 'wx', 0o600);
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
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
            const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
            if (holder === process.pid) rmSync(lockPath, { force: true });
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
      return lock;
    }
    let holder: number;
    try {
      holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    } catch {
      continue; // Removed between our attempts: try again.
    }
    if (alive(holder)) throw new LockHeldError(lockPath, holder);
    rmSync(lockPath, { force: true });
  }
  throw new Error(`无法获取数据目录锁：${lockPath}`);
}
