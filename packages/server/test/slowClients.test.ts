/**
 * Slow and greedy clients: half-sent headers and half-sent bodies are answered 408 and dropped after
 * their time, a chunk upload gets the longer upload time, and one address cannot hold more than its
 * share of connections. The limits are shortened here; docs/security.md lists the defaults.
 */
import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { limitsFromEnv } from '../src/settings.js';
import { bodyTimeMs } from '../src/http/connectionLimits.js';
import { useHarness } from './harness.js';

let port: number;
let token: string;
const limits = {
  ...limitsFromEnv({}),
  headersTimeoutMs: 600,
  requestTimeoutMs: 1_000,
  uploadTimeoutMs: 4_000,
  idleTimeoutMs: 3_000,
  maxConnectionsPerIp: 5,
};

const h = useHarness({ settings: { limits } });
beforeAll(async () => {
  port = Number(new URL(h.base).port);
  token = await h.token('teacher');
});
/** The start of a signed-in chunk upload whose body is 100 000 bytes long. */
const uploadStart = () =>
  `POST /api/file/v1/file/block HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n`;

/** A raw connection that sends `text` and then nothing; resolves with when it was closed and what it got. */
function stall(text: string): { socket: Socket; closed: Promise<{ afterMs: number; received: string }> } {
  const socket = connect(port, '127.0.0.1');
  const started = Date.now();
  let received = '';
  socket.on('data', (d) => (received += d.toString('latin1')));
  socket.on('error', () => undefined);
  socket.write(text);
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) => socket.once('close', () => resolve({ afterMs: Date.now() - started, received })));
  return { socket, closed };
}

/** A 408 as the server sends it to a client that stalled: the envelope in JSON, and the connection closed. */
function expectTimeoutAnswer(received: string): void {
  expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(received.toLowerCase()).toContain('\r\nconnection: close\r\n');
  const body = JSON.parse(Buffer.from(received.slice(received.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8')) as { status: number; message: string };
  expect(body).toMatchObject({ status: 408, code: 408, data: null });
  expect(body.message).toContain('请求超时');
}

describe('slow clients', () => {
  it('answers 408 to a client that stops in the middle of its headers, then closes', async () => {
    const { closed } = stall('POST /cloudSchool/v1/cloudLesson/getOnDemandLessonPage HTTP/1.1\r\nHost: x\r\nContent-Ty');
    const { afterMs, received } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(500);
    expect(afterMs).toBeLessThan(2_900); // before the idle timeout: the header time did it
    expectTimeoutAnswer(received);
  });

  it('answers 408 when the headers of a later request on a kept-alive connection stall', async () => {
    const { socket, closed } = stall('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, 200));
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nAccept: app');
    const { afterMs, received } = await closed;
    expect(afterMs).toBeLessThan(2_900);
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expectTimeoutAnswer(received.slice(received.indexOf('HTTP/1.1 408')));
  });

  it('closes a connection that never sent a byte after the header time, without an answer to a request it never made', async () => {
    const { closed } = stall('');
    const { afterMs, received } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(500);
    expect(afterMs).toBeLessThan(2_900);
    expect(received).toBe('');
  });

  it('answers 408 to a client that stops in the middle of a JSON body, then closes', async () => {
    const { closed } = stall('POST /cloudSchool/v1/cloudLesson/getOnDemandLessonPage HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"stage":');
    const { afterMs, received } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(900);
    expect(afterMs).toBeLessThan(2_900);
    expectTimeoutAnswer(received);
  });

  it('gives a chunk upload the longer upload time, and answers 408 after that', async () => {
    const { socket, closed } = stall(uploadStart());
    // Still trickling along after the ordinary request time: not dropped.
    const trickle = setInterval(() => socket.write('x'), 500);
    const early = await Promise.race([closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('open'), 2_000))]);
    clearInterval(trickle);
    expect(early).toBe('open');
    const { afterMs, received } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(3_000);
    expect(afterMs).toBeLessThan(9_000);
    expectTimeoutAnswer(received);
  });

  it('answers 408 to an upload on which nothing moves any more, after the idle time', async () => {
    const { closed } = stall(uploadStart());
    const { afterMs, received } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(2_900);
    expect(afterMs).toBeLessThan(3_900); // the idle time (3 s), before the upload time (4 s)
    expectTimeoutAnswer(received);
  });

  it('gives a large upload the time it needs at 1 Mbit/s, and ordinary requests their short time', () => {
    const defaults = limitsFromEnv({});
    expect(bodyTimeMs('/api/file/v1/file/block', String(10 * 1024 * 1024), defaults)).toBe(120_000);
    expect(bodyTimeMs('/file/v1/obs/upload', String(100_000_000), defaults)).toBe(800_000);
    expect(bodyTimeMs('/cloudSchool/v1/cloudLesson/save', String(100_000_000), defaults)).toBe(30_000);
  });

  it('serves the next client normally', async () => {
    expect((await h.call('GET', '/healthz')).http).toBe(200);
  });
});

describe('connections per address', () => {
  it('closes connections beyond the cap at once, and accepts again when one is closed', async () => {
    const held = Array.from({ length: 5 }, () => connect(port, '127.0.0.1'));
    await Promise.all(held.map((s) => new Promise((r) => s.once('connect', r))));
    const extra = stall('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const { received, afterMs } = await extra.closed;
    expect(received).toBe('');
    expect(afterMs).toBeLessThan(500);
    held[0]!.destroy();
    await new Promise((r) => held[0]!.once('close', r));
    // The server sees the close a moment later: ask until it lets us in.
    let answer = '';
    for (let i = 0; i < 50 && !answer.startsWith('HTTP/1.1 200'); i++) {
      const next = stall('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      answer = (await next.closed).received;
    }
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    for (const s of held) s.destroy();
  });
});
