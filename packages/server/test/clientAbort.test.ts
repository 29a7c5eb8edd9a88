/**
 * A client that closes the connection in the middle of its request body (a closed tab, a dropped
 * school line) is logged as a warning, not as a server error an operator would be paged for.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
const lines: string[] = [];

beforeAll(async () => {
  h = await startHarness({ logger: true, logStream: { write: (line: string) => void lines.push(line) }, settings: { logLevel: 'info' } as never });
});
afterAll(async () => {
  await h?.close();
});

const entries = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string });

describe('a client gone mid-body', () => {
  it('is a warning in the log, never an error', async () => {
    const { hostname, port } = new URL(h.base);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          'POST /file/v1/obs/upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 1000000\r\n\r\n' +
            '--b\r\nContent-Disposition: form-data; name="key"\r\n\r\nk\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\n' +
            'x'.repeat(20_000),
        );
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    await expect.poll(() => entries().some((e) => e.msg === 'client closed the connection mid-request'), { timeout: 10_000 }).toBe(true);
    expect(entries().filter((e) => e.level >= 50)).toEqual([]);
  });
});
