// Hashing bench page: one generated Blob; a bare sliced read, then MD5 with each engine through the
// SDK's worker hash runner (the same worker code an upload uses).
import { createWorkerHashRunner, fileSourceFromBlob, hashWasmEngine, sparkMd5Engine } from '@dscloud/sdk/upload';
import { makeBlob } from './common.mjs';

const SLICE = 2 * 1024 * 1024;
let blob;

globalThis.bench = {
  make(size) {
    blob = makeBlob(size);
    return blob.size;
  },
  bareRead() {
    return new Promise((resolve, reject) => {
      const worker = new Worker('/read.worker.js', { type: 'module' });
      worker.onmessage = (event) => {
        worker.terminate();
        resolve(event.data);
      };
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage({ file: blob, sliceSize: SLICE });
    });
  },
  async md5(engineName) {
    const engine = engineName === 'spark-md5' ? sparkMd5Engine : hashWasmEngine;
    let fellBack = false;
    const runner = createWorkerHashRunner({
      engines: [engine],
      sliceSize: SLICE,
      createWorker: () => {
        const worker = new Worker('/md5.worker.js', { type: 'module' });
        worker.addEventListener('error', () => (fellBack = true));
        return worker;
      },
    });
    const started = performance.now();
    const md5 = await runner.md5(fileSourceFromBlob(blob));
    const ms = performance.now() - started;
    if (fellBack) throw new Error('the hashing worker did not start; the figure would be the main thread');
    return { md5, ms, bytes: blob.size };
  },
};
