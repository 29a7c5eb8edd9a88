/**
 * Slow and idle clients cannot hold the server's sockets for ever (docs/security.md):
 *
 * - headers must arrive within `headersTimeoutMs`, a whole request within `requestTimeoutMs`
 *   (uploads within `uploadTimeoutMs`, or longer for a large file at 1 Mbit/s), and a connection on
 *   which nothing moves for `idleTimeoutMs` is closed; idle keep-alive connections wait `keepAliveTimeoutMs`;
 * - a connection that has not sent its first request's headers within `headersTimeoutMs` is closed;
 * - one client address may hold `maxConnectionsPerIp` connections at once (0: no limit, for a proxy in
 *   front that limits), and the server `maxConnections` in all; further ones are closed at once.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerLimits } from '../settings.js';

/** The paths whose bodies are files: file chunks, and whole files sent to the local bucket stand-in. */
export const UPLOAD_PATHS = ['/api/file/v1/file/block', '/file/v1/obs/upload'];
/** The slowest line an upload must still get through: 1 Mbit/s. */
export const MIN_UPLOAD_BYTES_PER_SECOND = 125_000;

/** The Fastify options that set the socket timeouts (the request time is enforced per route, below). */
export function timeoutOptions(limits: ServerLimits): Partial<FastifyServerOptions> {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: 0,
    // Node checks the header time every `connectionsCheckingInterval` (30 s by default).
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  } as Partial<FastifyServerOptions>;
}

/** How long the body of this request may take to arrive. */
export function bodyTimeMs(url: string, contentLength: string | undefined, limits: ServerLimits): number {
  if (!UPLOAD_PATHS.some((p) => url.startsWith(p))) return limits.requestTimeoutMs;
  const bytes = Number(contentLength);
  const atSlowestLine = Number.isFinite(bytes) && bytes > 0 ? Math.ceil((bytes / MIN_UPLOAD_BYTES_PER_SECOND) * 1000) : 0;
  return Math.max(limits.uploadTimeoutMs, atSlowestLine);
}

export function installConnectionLimits(app: FastifyInstance, limits: ServerLimits): void {
  app.server.maxConnections = limits.maxConnections;

  // A connection must deliver its first request's headers within the header time. Node's own check
  // misses a connection that sends nothing (or a few bytes) when the idle timeout is longer than the
  // header time (the defaults: 10 s and 60 s): such a socket was held for ever.
  const firstHeaders = new WeakMap<Socket, NodeJS.Timeout>();
  app.server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
    timer.unref();
    firstHeaders.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
  });
  app.server.on('request', (request: { socket: Socket }) => {
    const timer = firstHeaders.get(request.socket);
    if (timer) {
      clearTimeout(timer);
      firstHeaders.delete(request.socket);
    }
  });

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

  // A body that has not arrived in its time closes the connection (Node's own request time is one
  // value for every route; uploads need more, in proportion to their size).
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    if (raw.complete) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      if (!raw.complete) raw.socket?.destroy();
    }, bodyTimeMs(request.url, request.headers['content-length'], limits));
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    done();
  });
}
