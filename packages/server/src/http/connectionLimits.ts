/**
 * Slow and idle clients cannot hold the server's sockets for ever (docs/security.md):
 *
 * - headers must arrive within `headersTimeoutMs`, a whole request within `requestTimeoutMs`
 *   (uploads within `uploadTimeoutMs`, or longer for a large file at 1 Mbit/s), and a connection on
 *   which nothing moves for `idleTimeoutMs` is closed; idle keep-alive connections wait `keepAliveTimeoutMs`;
 * - a connection that has not sent its first request's headers within `headersTimeoutMs` is closed;
 * - one client address may hold `maxConnectionsPerIp` connections at once (0: no limit, for a proxy in
 *   front that limits), and the server `maxConnections` in all; further ones are closed at once.
 *
 * A client cut off in the middle of a request (its headers or its body) is answered **408** before the
 * connection closes, as Node answers its own header and request times (lib/_http_server.js: the bare
 * `HTTP/1.1 408 Request Timeout` with `Connection: close`), here with the envelope in the body.
 */
import type { ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Codes } from '@dscloud/sdk/errors';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerLimits } from '../settings.js';
import { failure } from './envelope.js';

const TIMEOUT_BODY = JSON.stringify(failure(Codes.REQUEST_TIMEOUT, '请求超时：服务器在规定时间内没有收到完整的请求，连接已关闭，请重试'));
const TIMEOUT_ANSWER =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
  `Content-Length: ${Buffer.byteLength(TIMEOUT_BODY)}\r\nCache-Control: no-store\r\n\r\n${TIMEOUT_BODY}`;

/** The answer in progress on a connection, where Node keeps it (its own timeout answer looks there too). */
const currentResponse = (socket: Socket): ServerResponse | undefined => (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;

/**
 * Closes a connection whose client took too long, answering 408 first when that cannot corrupt
 * anything: the client sent something (a connection that never sent a byte made no request to
 * answer) and no answer on this connection has begun (its bytes would be cut into by ours). The answer
 * is written in one piece before the socket is destroyed, as Node does.
 */
export function closeTimedOut(socket: Socket, response: ServerResponse | undefined = currentResponse(socket)): void {
  if (socket.destroyed) return;
  if (socket.writable && socket.bytesRead > 0 && !response?.headersSent) socket.write(TIMEOUT_ANSWER);
  socket.destroy();
}

/**
 * Fastify's `clientErrorHandler`: Node's header and request times (ERR_HTTP_REQUEST_TIMEOUT) get the
 * 408 above; a malformed request 400 and too large headers 431, as Fastify's own handler answers them,
 * but never into an answer that has begun.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.trace({ err }, 'client error');
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    closeTimedOut(socket);
    return;
  }
  const [status, text, message] = err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', 'Exceeded maximum allowed HTTP header size'] : [400, 'Bad Request', 'Client Error'];
  const body = JSON.stringify({ error: text, message, statusCode: status });
  if (socket.writable && !currentResponse(socket)?.headersSent) {
    socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: ${body.length}\r\nContent-Type: application/json\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

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
    clientErrorHandler,
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
    const timer = setTimeout(() => closeTimedOut(socket), limits.headersTimeoutMs);
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

  // Nothing moved for the idle time (Node's socket timeout; with a listener here Node leaves the
  // closing to it): a client stalled in the middle of a request body is answered 408, any other
  // connection (idle keep-alive, an answer being sent, a slow handler) is closed as before.
  app.server.on('timeout', (socket: Socket) => {
    const response = currentResponse(socket);
    if (response && !response.req.complete) closeTimedOut(socket, response);
    else socket.destroy();
  });

  // A body that has not arrived in its time: 408 and the connection closed (Node's own request time is
  // one value for every route; uploads need more, in proportion to their size).
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // A request made in the process (`app.inject`) has a stand-in socket: nothing to time out or close.
    if (raw.complete || !(raw.socket instanceof Socket)) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      if (!raw.complete && raw.socket) closeTimedOut(raw.socket, reply.raw);
    }, bodyTimeMs(request.url, request.headers['content-length'], limits));
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    done();
  });
}
