// Several instances behind nginx (docs/deploy.md, "Sizing"): the cluster of the cluster test
// (PostgreSQL, s3rver, three built instances over one database, bucket and shared DATA_DIR) with three
// nginx processes in front of 1, 2 and 3 of them (deploy/nginx.conf rendered for each).
//  - the public lesson page and `user/current` through nginx with 1, 2, 3 instances: req/s, p50, p99
//    at BENCH_CONNECTIONS (50), each run right after the bare `GET /healthz/live` through the same
//    nginx, BENCH_REPEATS (3) interleaved rounds, median and spread (min–max);
//  - uploads: BENCH_CLUSTER_FILES (8) parallel files of BENCH_CLUSTER_UPLOAD_MB (32) MB in 8 MB chunks
//    through nginx to all three (the upload protocol as the SDK speaks it: chunk forms, the last one
//    assembles and stores in the bucket), against a bare POST of the same bytes (BENCH_ROUTES'
//    `/bench/bare-upload`, streamed to disk) through the same nginx; aggregate MB/s, interleaved rounds.
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { startCluster } from '../scripts/cluster/cluster.mjs';
import { startNginx } from '../scripts/cluster/nginx.mjs';
import { token } from '../scripts/cluster/http.mjs';
import { freePort } from '../scripts/reference-server.mjs';
import { REPEATS, median, saveResults, showSpread, spread, warnIfNoisy } from './results.mjs';
import { MANY_CALLERS } from './lib.mjs';

const duration = Number(process.env.BENCH_DURATION || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const repeats = REPEATS;
const files = Number(process.env.BENCH_CLUSTER_FILES || 8);
const fileMb = Number(process.env.BENCH_CLUSTER_UPLOAD_MB || 32);
const MB = 1024 * 1024;
const CHUNK = 8 * MB;
const BARE = `
    location = /bench/bare-upload {
        client_max_body_size 0;
        proxy_request_buffering off;
        proxy_pass http://ds_servers;
    }`;

const cell = (xs) => showSpread(xs);

function cannon(opts) {
  return new Promise((ok, fail) => autocannon({ duration, connections, ...opts }, (err, r) => (err ? fail(err) : ok(r))));
}
async function measure(c) {
  await cannon({ ...c, duration: 1 });
  const r = await cannon(c);
  if (r.non2xx || r.errors) throw new Error(`${c.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** One file's chunks as the SDK sends them; resolves when the last chunk's answer holds the file. */
async function uploadChunks(base, auth, data, name) {
  const md5 = createHash('md5').update(data).digest('hex');
  const chunks = Math.ceil(data.length / CHUNK);
  let last;
  for (let chunk = 0; chunk < chunks; chunk++) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ fileMd5: md5, fileName: name, chunk, chunks, chunkSize: CHUNK, totalSize: data.length })) form.append(k, String(v));
    form.append('file', new Blob([data.subarray(chunk * CHUNK, (chunk + 1) * CHUNK)]), name);
    last = await (await fetch(`${base}/api/file/v1/file/block`, { method: 'POST', headers: { authorization: auth }, body: form })).json();
    if (last.status !== 200) throw new Error(`chunk ${chunk} of ${name}: ${last.status} ${last.message}`);
  }
  if (!last.data.fileInfo) throw new Error(`${name} did not complete`);
}

const cluster = await startCluster({ instances: 3, env: { BENCH_ROUTES: '1', ...MANY_CALLERS }, nginxExtra: BARE });
const fronts = [];
try {
  for (let n = 1; n <= 3; n++) {
    fronts.push(n === 3 ? cluster.nginx : await startNginx({ upstreams: cluster.servers.slice(0, n).map((s) => `127.0.0.1:${s.port}`), port: await freePort(), extra: BARE }));
  }
  const teacher = await token(cluster.nginx.base, 'teacher');
  const cases = [
    { name: 'lesson page (public)', opts: (base) => ({ url: `${base}/cloudSchool/v1/cloudLesson/getOnDemandLessonPage`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stage: 2, subjectCode: 214, pageNum: 1, pageSize: 20 }) }) },
    { name: 'user/current', opts: (base) => ({ url: `${base}/base/v1/user/current`, headers: { authorization: teacher } }) },
  ];
  const rows = [];
  for (let round = 0; round < repeats; round++) {
    for (const [i, front] of fronts.entries()) {
      for (const c of cases) {
        let row = rows.find((r) => r.n === i + 1 && r.name === c.name);
        if (!row) rows.push((row = { n: i + 1, name: c.name, runs: [], bare: [] }));
        row.bare.push(await measure({ url: `${front.base}/healthz/live` }));
        row.runs.push(await measure(c.opts(front.base)));
      }
    }
  }
  console.log(`\nThrough nginx, ${connections} connections, ${duration} s per run, ${repeats} interleaved rounds (median, spread min–max)`);
  console.log('instances  route'.padEnd(34), 'req/s'.padStart(16), 'p50 ms'.padStart(12), 'p99 ms'.padStart(12), '| bare req/s'.padStart(20), 'bare p99'.padStart(12));
  for (const r of rows) {
    const of = (runs, k) => runs.map((x) => x[k]);
    console.log(`${r.n}          ${r.name}`.padEnd(34), cell(of(r.runs, 'rps')).padStart(16), cell(of(r.runs, 'p50')).padStart(12), cell(of(r.runs, 'p99')).padStart(12), `| ${cell(of(r.bare, 'rps'))}`.padStart(20), cell(of(r.bare, 'p99')).padStart(12));
  }
  warnIfNoisy("the bare route's req/s", rows.flatMap((r) => r.bare.map((x) => x.rps)));

  // Uploads: new content every round (an old one would be an instant upload).
  const buffers = Array.from({ length: files }, (_, i) => {
    const b = Buffer.alloc(fileMb * MB);
    const seed = createHash('sha512').update(`bench-${i}-${Date.now()}`).digest();
    for (let at = 0; at < b.length; at += 64) seed.copy(b, at, 0, Math.min(64, b.length - at));
    for (let at = 0; at < b.length; at += 4096) b.writeUInt32LE((at * 2654435761 + i) >>> 0, at);
    return b;
  });
  const base = cluster.nginx.base;
  const upload = { bare: [], chunks: [] };
  const total = files * fileMb * MB;
  for (let round = 0; round < repeats; round++) {
    buffers.forEach((b, i) => b.write(`PK\x03\x04${String(round).padStart(4, '0')}${i}`, 0, 'latin1'));
    let t = performance.now();
    await Promise.all(buffers.map(async (b) => {
      const r = await fetch(`${base}/bench/bare-upload`, { method: 'POST', body: b, headers: { 'content-type': 'application/octet-stream' } });
      if (r.status !== 200) throw new Error(`bare upload: ${r.status}`);
      await r.arrayBuffer();
    }));
    upload.bare.push(total / MB / ((performance.now() - t) / 1000));
    t = performance.now();
    await Promise.all(buffers.map((b, i) => uploadChunks(base, teacher, b, `bench-${round}-${i}.zip`)));
    upload.chunks.push(total / MB / ((performance.now() - t) / 1000));
  }
  console.log(`\nUploads through nginx to 3 instances: ${files} parallel files of ${fileMb} MB, ${repeats} interleaved rounds (aggregate MB/s, median and spread)`);
  console.log(`bare POST (streamed to disk)        ${cell(upload.bare)}`);
  console.log(`chunked upload (8 MB chunks, S3)    ${cell(upload.chunks)}   = ${((median(upload.chunks) / median(upload.bare)) * 100).toFixed(0)} % of the bare POST`);
  warnIfNoisy("the bare POST's MB/s", upload.bare);
  const of = (runs, k) => spread(runs.map((x) => x[k]));
  saveResults('cluster', {
    rounds: repeats,
    routes: rows.map((r) => ({ instances: r.n, name: r.name, rps: of(r.runs, 'rps'), p50: of(r.runs, 'p50'), p99: of(r.runs, 'p99'), bareRps: of(r.bare, 'rps'), bareP99: of(r.bare, 'p99') })),
    upload: { files, fileMb, bareMbps: spread(upload.bare), chunkedMbps: spread(upload.chunks) },
  });
} finally {
  for (const f of fronts.slice(0, 2)) await f.stop();
  await cluster.stop();
}
