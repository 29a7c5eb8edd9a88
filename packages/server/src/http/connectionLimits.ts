/**
 * Slow and idle clients cannot hold the server's sockets for ever (docs/security.md):
 *
 * - headers must arrive within `headersTimeoutMs`, a whole request within `requestTimeoutMs`
 *   (chunk uploads, which carry up to 10 MB, within `uploadTimeoutMs`), and a connection on which
 *   nothing moves for `idleTimeoutMs` is closed; idle keep-alive connections wait `keepAliveTimeoutMs`;
 * - one client address may hold `maxConnectionsPerIp` connections at once (0: no limit, for a proxy in
 *   front that limits), and the server `maxConnections` in all; further ones are closed at once.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerLimits } from '../settings.js';

/** The paths whose bodies are file chunks and get the upload time. */
export const UPLOAD_PATHS = ['/api/file/v1/file/block'];

/** The Fastify options that set the socket timeouts. */
export function timeoutOptions(limits: ServerLimits): Partial<FastifyServerOptions> {
  const requestTimeout = Math.max(limits.uploadTimeoutMs, limits.requestTimeoutMs);
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout,
    // Node checks the header and request times every `connectionsCheckingInterval` (30 s by default).
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, requestTimeout),
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  } as Partial<FastifyServerOptions>;
}

export function installConnectionLimits(app: FastifyInstance, limits: ServerLimits): void {
  app.server.maxConnections = limits.maxConnections;
  if (limits.maxConnectionsPerIp > 0) {
    const open = new Map<string, number>();
    app.server.on('connection', (socket: Socket) => {
      const ip = socket.remoteAddress ?? '';
      const count = (open.get(ip) ?? 0) + 1;
      if (count > limits.maxConnectionsPerIp) {
        socket.destroy();
        return;
      }
      open.set(ip, count);
      socket.once('close', () => {
        const left = (open.get(ip) ?? 1) - 1;
        if (left <= 0) open.delete(ip);
        else open.set(ip, left);
      });
    });
  }

  // Node's request time covers every request; all but chunk uploads get the shorter one here.
  if (limits.requestTimeoutMs < limits.uploadTimeoutMs) {
    app.addHook('onRequest', (request, _reply, done) => {
      const raw = request.raw;
      if (raw.complete || UPLOAD_PATHS.some((p) => request.url.startsWith(p))) {
        done();
        return;
      }
      const timer = setTimeout(() => {
        if (!raw.complete) raw.socket?.destroy();
      }, limits.requestTimeoutMs);
      timer.unref();
      raw.once('end', () => clearTimeout(timer));
      raw.once('close', () => clearTimeout(timer));
      done();
    });
  }
}
