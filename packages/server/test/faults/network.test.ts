/**
 * A bad line between client and server, made by a small TCP proxy of the test's own, and a crowd of
 * idle sockets:
 * - clients stalled behind the proxy (headers or body trickling, then nothing) are dropped by the
 *   server within its timeouts while other clients are served;
 * - an upload whose line is cut in the middle of a chunk's body keeps the acknowledged chunks, the cut
 *   chunk does not count, and the upload completes over a good line with the right MD5;
 * - a throttled but moving upload (64 KB/s) is not dropped;
 * - FAULT_IDLE_SOCKETS (default 2 500) idle sockets from one address: the per-address cap (1 000)
 *   closes the rest at once, a client from another address is served meanwhile, and the idle ones
 *   are closed by the header timeout.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { record } from './faultRecord.js';
import { cleanupAfterAll, databaseLeg, type ServerProcess, startFreshServer, waitFor } from './serverProcess.js';
import { chunkBody, chunkCount, downloadMd5, finishUpload, login, md5, pngFile, postChunk, rawPost, received, type UploadFile } from './uploadClient.js';

const IDLE_SOCKETS = Number(process.env.FAULT_IDLE_SOCKETS || 2_500);
const CHUNK = 64 * 1024;
let server: ServerProcess;
let token: string;
const cleanup = cleanupAfterAll();
beforeAll(async () => {
  server = await startFreshServer(cleanup, {
    maxFiles: IDLE_SOCKETS + 2_000,
    env: { HEADERS_TIMEOUT_SECONDS: '2', REQUEST_TIMEOUT_SECONDS: '3', UPLOAD_TIMEOUT_SECONDS: '6', IDLE_TIMEOUT_SECONDS: '8', MAX_CONNECTIONS_PER_IP: '1000' },
  });
  token = await login(server.base);
});

interface Proxy {
  port: number;
  /** Server-side connections closed so far (by the server, or by the proxy's cut). */
  closedByServer: () => number;
  close(): Promise<void>;
}

/**
 * Forwards client → server at `bytesPerSecond` (Infinity: at once) and stops forwarding after
 * `cutAfter` bytes (then both sides are destroyed). Server → client passes unchanged.
 */
async function proxy(o: { bytesPerSecond?: number; cutAfter?: number; stallAfter?: number }): Promise<Proxy> {
  const target = new URL(server.base);
  let closed = 0;
  const sockets = new Set<Socket>();
  const front: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    upstream.on('close', () => {
      closed++;
      client.destroy();
    });
    client.on('close', () => upstream.destroy());
    upstream.on('data', (d) => client.write(d));
    let sent = 0;
    const queue: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const pump = () => {
      timer = undefined;
      const budget = o.bytesPerSecond ? Math.max(1, Math.floor(o.bytesPerSecond / 20)) : Infinity;
      let allowed = budget;
      while (queue.length && allowed > 0) {
        let piece = queue.shift()!;
        if (piece.length > allowed) {
          queue.unshift(piece.subarray(allowed));
          piece = piece.subarray(0, allowed);
        }
        if (o.stallAfter !== undefined && sent + piece.length > o.stallAfter) piece = piece.subarray(0, Math.max(0, o.stallAfter - sent));
        if (o.cutAfter !== undefined && sent + piece.length >= o.cutAfter) {
          upstream.write(piece.subarray(0, o.cutAfter - sent));
          client.destroy();
          upstream.destroy();
          return;
        }
        upstream.write(piece);
        sent += piece.length;
        allowed -= piece.length;
        if (o.stallAfter !== undefined && sent >= o.stallAfter) {
          queue.length = 0;
          return;
        }
      }
      if (queue.length) timer = setTimeout(pump, 50);
    };
    client.on('data', (d) => {
      queue.push(d);
      if (!timer) pump();
    });
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  return {
    port: (front.address() as { port: number }).port,
    closedByServer: () => closed,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => front.close(r));
    },
  };
}

const healthy = async () => (await fetch(`${server.base}/healthz`)).status === 200;

describe(`a slow and a dropped line (${databaseLeg})`, () => {
  it('drops clients stalled in their headers or bodies within the timeouts, and serves others meanwhile', async (context) => {
    const rec = record(context, '10 stalled in headers + 10 stalled mid-body behind the proxy');
    const { body, contentType } = chunkBody({ whole: pngFile(CHUNK), fileName: 'stall.png', chunkSize: CHUNK }, 0);
    const uploadHead = `POST /api/file/v1/file/block HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`;
    // One line stalls after 90 bytes (inside the headers), the other 90 bytes into the body.
    const inHeaders = await proxy({ stallAfter: 90 });
    const inBody = await proxy({ stallAfter: Buffer.byteLength(uploadHead) + 90 });
    cleanup.push(() => inHeaders.close(), () => inBody.close());
    const stalled: Socket[] = [];
    for (let i = 0; i < 20; i++) {
      const s = connect(i < 10 ? inHeaders.port : inBody.port, '127.0.0.1');
      s.on('error', () => undefined);
      s.write(i < 10 ? `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: ${'p'.repeat(200)}\r\n\r\n` : Buffer.concat([Buffer.from(uploadHead), body]));
      stalled.push(s);
    }
    rec.runs = 20;
    expect(await healthy()).toBe(true);
    // The server closes each of them (headers 2 s, request 3 s, upload 6 s), not the test.
    await waitFor(() => inHeaders.closedByServer() >= 10 || undefined, 'the header-stalled clients to be dropped', 30_000);
    expect(await healthy()).toBe(true);
    await waitFor(() => inBody.closedByServer() >= 10 || undefined, 'the body-stalled clients to be dropped', 30_000);
    for (const s of stalled) s.destroy();
    expect(await healthy()).toBe(true);
    expect(server.output()).not.toContain('"level":50');
  });

  it('keeps the acknowledged chunks of an upload whose line is cut mid-chunk, and completes it over a good line', async (context) => {
    const rec = record(context, 'line cut after 1.5 chunks of a 5-chunk upload, then 64 KB/s');
    rec.runs = 1;
    const f: UploadFile = { whole: pngFile(5 * CHUNK - 7), fileName: '断线.png', chunkSize: CHUNK };
    const first = await postChunk(server.base, token, f, 0);
    expect(first.status).toBe(200);
    const id = first.data.fileInfoId as number;
    const cut = await proxy({ cutAfter: CHUNK / 2 });
    cleanup.push(() => cut.close());
    const viaCut = await postChunk(`http://127.0.0.1:${cut.port}`, token, f, 1, id);
    expect(viaCut.http).toBe(0); // the line went down: no answer
    const kept = await received(server.base, token, f);
    if (!kept.received.includes(0)) rec.lost++;
    expect(kept.received).toEqual([0]);

    // A slow line (64 KB/s) carries the rest: slow but moving is not dropped.
    const slow = await proxy({ bytesPerSecond: 64 * 1024 });
    cleanup.push(() => slow.close());
    const slowBase = `http://127.0.0.1:${slow.port}`;
    const done = await finishUpload(slowBase, token, f);
    expect(done.fileMd5).toBe(md5(f.whole));
    expect(await downloadMd5(server.base, token, done.fileInfoId)).toBe(md5(f.whole));
    expect(chunkCount(f)).toBe(5);
    expect(server.output()).not.toContain('"level":50');
  });
});

describe(`many idle sockets (${databaseLeg})`, () => {
  it(`holds at most its per-address cap of ${IDLE_SOCKETS} idle sockets, serves other clients meanwhile, and drops the idle ones in time`, async (context) => {
    const rec = record(context, `${IDLE_SOCKETS} idle sockets from 127.0.0.1, cap 1 000; a client from 127.0.0.2`);
    rec.runs = 1;
    const { port } = new URL(server.base);
    const sockets: Socket[] = [];
    let closed = 0;
    // In batches, each connected (or refused) before the next: a burst beyond the listen backlog would
    // only measure the kernel's SYN retries.
    for (let i = 0; i < IDLE_SOCKETS; i += 200) {
      const batch = Array.from({ length: Math.min(200, IDLE_SOCKETS - i) }, () => {
        const s = connect({ port: Number(port), host: '127.0.0.1' });
        s.on('error', () => undefined);
        s.once('close', () => closed++);
        sockets.push(s);
        return new Promise((r) => {
          s.once('connect', r);
          s.once('close', r);
        });
      });
      await Promise.all(batch);
      // A request on a connection of its own, answered, proves the server has taken every earlier
      // connection off the listen queue: the next batch cannot overflow it (an overflowed connection
      // looks open to the client but is unknown to the server, which then cannot close it).
      await rawPost(server.base, '/base/v1/globalConfig/list', Buffer.from('{}'), { 'content-type': 'application/json' }, '127.0.0.2');
    }
    // Beyond the cap the server closes at once; the first 1 000 stay until their header time is up.
    await waitFor(() => closed >= IDLE_SOCKETS - 1000 || undefined, 'the sockets beyond the cap to be closed', 30_000);
    // Another client (its own address) gets its lesson page while the crowd is held.
    const other = await rawPost(server.base, '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', Buffer.from('{"stage":2}'), { 'content-type': 'application/json' }, '127.0.0.2');
    expect(`${other.http} ${other.status} ${other.message}`).toBe(`200 200 ${other.message}`);
    expect(closed).toBeLessThan(IDLE_SOCKETS);
    // Once the header time is up the server has dropped the idle crowd: its address is under the cap
    // again, so a request from 127.0.0.1 itself is served (while 1 000 idle sockets were held, a new
    // connection from there was closed at once).
    const sameAddress = () => rawPost(server.base, '/base/v1/globalConfig/list', Buffer.from('{}'), { 'content-type': 'application/json' }, '127.0.0.1');
    await waitFor(async () => (await sameAddress()).http === 200 || undefined, 'the idle sockets to be dropped, freeing their address', 30_000);
    expect(closed).toBeGreaterThanOrEqual(IDLE_SOCKETS - 1000);
    expect(await healthy()).toBe(true);
    for (const s of sockets) s.destroy();
  });
});
