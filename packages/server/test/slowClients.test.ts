/**
 * Slow and greedy clients: half-sent headers and half-sent bodies are dropped after their time, a
 * chunk upload gets the longer upload time, and one address cannot hold more than its share of
 * connections. The limits are shortened here; docs/security.md lists the defaults.
 */
import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { limitsFromEnv } from '../src/settings.js';
import { bodyTimeMs } from '../src/http/connectionLimits.js';
import { useHarness } from './harness.js';

let port: number;
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
});

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

describe('slow clients', () => {
  it('drops a client that stops in the middle of its headers', async () => {
    const { closed } = stall('POST /cloudSchool/v1/cloudLesson/getOnDemandLessonPage HTTP/1.1\r\nHost: x\r\nContent-Ty');
    const { afterMs } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(500);
    expect(afterMs).toBeLessThan(2_900); // before the idle timeout: the header time did it
  });

  it('drops a client that stops in the middle of a JSON body', async () => {
    const { closed } = stall('POST /cloudSchool/v1/cloudLesson/getOnDemandLessonPage HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"stage":');
    const { afterMs } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(900);
    expect(afterMs).toBeLessThan(2_900);
  });

  it('gives a chunk upload the longer upload time, and drops it after that', async () => {
    const { socket, closed } = stall(
      'POST /api/file/v1/file/block HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n',
    );
    // Still trickling along after the ordinary request time: not dropped.
    const trickle = setInterval(() => socket.write('x'), 500);
    const early = await Promise.race([closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('open'), 2_000))]);
    clearInterval(trickle);
    expect(early).toBe('open');
    const { afterMs } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(3_000);
    expect(afterMs).toBeLessThan(9_000);
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
