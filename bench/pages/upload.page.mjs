// Upload bench page: a generated file on disk (given through <input id="main">, so the File is
// disk-backed) posted bare to the server, then through the SDK upload engine (hash, compare, chunks),
// then again (instant upload), then a second file (<input id="restart">) whose chunk transport fails
// once 90 % of its chunks were acknowledged and which is then restarted. The hashing rows of
// bench/hashing.mjs run on the same page (`hashingBench`).
import {
  createUploader,
  createDefaultTransport,
  createWorkerHashRunner,
  createMemoryResumeStore,
} from '@dscloud/sdk/upload';
import { hashingBench, picked } from './hashingBench.mjs';

let config;

/** Times every MD5 job (full file and the 64 KB samples) of the runner it wraps. */
function timedRunner(log) {
  const inner = createWorkerHashRunner({ createWorker: () => new Worker('/md5.worker.js', { type: 'module' }) });
  return {
    async md5(source, job = {}) {
      const started = performance.now();
      const md5 = await inner.md5(source, job);
      log.push({ bytes: (job.end ?? source.size) - (job.start ?? 0), ms: performance.now() - started });
      return md5;
    },
  };
}

const BLOCK = '/api/file/v1/file/block';
const EXIST = '/file/v1/file/exist';

/**
 * The default transport (an axios adapter) with a switch: counts the file bytes of every chunk request
 * and, while `down` is set, refuses chunk requests the way a failing server does (503, nothing stored).
 */
function countingTransport() {
  const real = createDefaultTransport();
  const t = Object.assign(
    async (request) => {
      const url = request.url ?? '';
      if (!(request.data instanceof FormData)) {
        const started = performance.now();
        const answer = await real(request);
        t.jsonCalls.push({ url, ms: performance.now() - started });
        return answer;
      }
      if (!url.endsWith(BLOCK)) return real(request);
      const form = request.data;
      const chunk = Number(form.get('chunk'));
      const bytes = form.get('file').size;
      t.chunkSize = Number(form.get('chunkSize'));
      if (!t.down && t.acked.size >= t.failAfterAcks) t.down = true;
      if (t.down) {
        t.refused++;
        // A failing server (an answer), not a dropped line: the engine waits out a dropped line instead of failing.
        const body = { status: 503, code: 503, message: 'bench: server unavailable', data: null };
        return { data: JSON.stringify(body), status: 503, statusText: '503', headers: {}, config: request, request: {} };
      }
      t.sent.push({ chunk, bytes });
      t.firstSentAt ??= performance.now();
      const answer = await real(request);
      t.lastAnswerAt = performance.now();
      if (answer.status === 200 && JSON.parse(String(answer.data)).status === 200) t.acked.add(chunk);
      return answer;
    },
    { down: false, failAfterAcks: Infinity, acked: new Set(), sent: [], refused: 0, jsonCalls: [] },
  );
  return t;
}

function uploaderFor(transport, hashLog, extra = {}) {
  return createUploader({
    apiBase: config.base,
    rules: { allowedExtensions: 'txt', maxFileSize: '2gb' },
    token: () => config.token,
    userKey: 'teacher',
    transport,
    hashRunner: timedRunner(hashLog),
    resumeStore: createMemoryResumeStore(),
    ...extra,
  });
}

async function runOne(uploader, file) {
  const { accepted, notices } = uploader.add([file]);
  if (!accepted.length) throw new Error(`not accepted: ${JSON.stringify(notices)}`);
  await uploader.idle();
  const state = uploader.store.getState().files.find((f) => f.id === accepted[0]);
  if (state.status !== 'done') throw new Error(`upload ended ${state.status}: ${JSON.stringify(state.error)}`);
  return state;
}

globalThis.bench = {
  ...hashingBench,
  setup(c) {
    config = c;
    return picked('main').size;
  },

  async bare() {
    const started = performance.now();
    const res = await fetch(`${config.base}/bench/bare-upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: picked('main'),
    });
    const body = await res.json();
    const ms = performance.now() - started;
    if (body.data?.bytes !== picked('main').size) throw new Error(`bare upload stored ${JSON.stringify(body)}`);
    return { ms };
  },

  async sdk() {
    const transport = countingTransport();
    const hashLog = [];
    const uploader = uploaderFor(transport, hashLog);
    const started = performance.now();
    const state = await runOne(uploader, picked('main'));
    const ms = performance.now() - started;
    uploader.destroy();
    return {
      ms,
      instant: state.instant,
      chunks: transport.sent.length,
      hashMs: Math.max(...hashLog.map((h) => h.ms)),
      chunksMs: transport.lastAnswerAt - transport.firstSentAt,
    };
  },

  async instant() {
    const transport = countingTransport();
    const hashLog = [];
    const uploader = uploaderFor(transport, hashLog);
    const started = performance.now();
    const state = await runOne(uploader, picked('main'));
    const ms = performance.now() - started;
    uploader.destroy();
    const full = hashLog.filter((h) => h.bytes === picked('main').size);
    const samples = hashLog.filter((h) => h.bytes !== picked('main').size);
    const compare = transport.jsonCalls.filter((c) => c.url.endsWith(EXIST));
    return {
      ms,
      instant: state.instant,
      chunksSent: transport.sent.length,
      hashMs: full.reduce((a, h) => a + h.ms, 0),
      sampleMs: samples.reduce((a, h) => a + h.ms, 0),
      compareMs: compare.reduce((a, c) => a + c.ms, 0),
      compareCalls: compare.length,
    };
  },

  async restart() {
    const transport = countingTransport();
    const uploader = uploaderFor(transport, [], { retryDelays: [], maxAutoRestarts: 0, autoStart: true });
    const file = picked('restart');
    const { accepted } = uploader.add([file]);
    const id = accepted[0];
    const current = () => uploader.store.getState().files.find((f) => f.id === id);
    const chunkCount = () => current().chunk?.count ?? Math.ceil(file.size / 10_485_760);
    transport.failAfterAcks = Math.max(1, Math.min(chunkCount() - 1, Math.floor(chunkCount() * 0.9)));
    await uploader.idle();
    if (current().status !== 'failed') throw new Error(`expected the upload to fail, it is ${current().status}`);
    const count = current().chunk?.count ?? chunkCount();
    const chunkSize = transport.chunkSize;
    const sizeOf = (i) => (i === count - 1 ? file.size - chunkSize * (count - 1) : chunkSize);
    const ackedAtFailure = new Set(transport.acked);
    const remaining = file.size - [...ackedAtFailure].reduce((a, i) => a + sizeOf(i), 0);
    const sentBeforeRestart = transport.sent.length;
    transport.down = false;
    transport.failAfterAcks = Infinity;
    uploader.retry(id);
    await uploader.idle();
    if (current().status !== 'done') throw new Error(`restarted upload ended ${current().status}: ${JSON.stringify(current().error)}`);
    const after = transport.sent.slice(sentBeforeRestart);
    const bytesAfter = after.reduce((a, s) => a + s.bytes, 0);
    const resentChunks = after.filter((s) => ackedAtFailure.has(s.chunk)).length;
    uploader.destroy();
    return {
      chunks: count,
      chunkSize,
      ackedAtFailure: ackedAtFailure.size,
      refused: transport.refused,
      remaining,
      bytesAfter,
      resentChunks,
      beyondChunks: Math.max(0, bytesAfter - remaining) / chunkSize,
    };
  },
};
