/**
 * Ending the server on SIGTERM/SIGINT in bounded time:
 *
 * 1. stop accepting connections; idle keep-alive connections close, requests arriving on busy ones
 *    get 503; in-flight requests go on (a chunk is acknowledged only once it is on disk, so a
 *    request cut later loses nothing acknowledged);
 * 2. after `graceMs` the connections still open are closed;
 * 3. the database closes and the data-folder lock is released, and the process exits;
 * 4. whatever hangs (a database whose folder vanished, an event loop held by a runaway query), a
 *    watchdog thread releases the lock and ends the process `hardMs` after the signal.
 */
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  graceMs: number;
  /** Extra time after the grace for closing the database before the watchdog ends the process. */
  hardMs?: number;
  /** The data-folder lock file, removed by the watchdog if this process still holds it. */
  lockPath?: string;
}

/** Runs on its own thread, so a blocked main event loop cannot stop it. */
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
setTimeout(() => {
  try {
    if (workerData.lockPath && Number.parseInt(fs.readFileSync(workerData.lockPath, 'utf8'), 10) === workerData.pid) fs.rmSync(workerData.lockPath, { force: true });
  } catch {}
  process.stderr.write('关闭超时，强制退出 / shutdown took too long, exiting\\n');
  process.kill(workerData.pid, 'SIGKILL');
}, workerData.afterMs);
`;

export function installGracefulShutdown(app: FastifyInstance, options: ShutdownOptions): void {
  const hardMs = options.graceMs + (options.hardMs ?? 5_000);
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs: options.graceMs }, 'shutting down');
    const watchdog = new Worker(WATCHDOG, { eval: true, workerData: { pid: process.pid, lockPath: options.lockPath, afterMs: hardMs } });
    watchdog.unref();
    const cut = setTimeout(() => {
      app.log.warn('shutdown grace over: closing the connections still open');
      app.server.closeAllConnections();
    }, options.graceMs);
    cut.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('关闭服务器时出错 / error while closing:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
