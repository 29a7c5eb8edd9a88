// Hashing measurements shared by the hashing and upload bench pages, on a File the page was given
// through an <input type=file> (disk-backed): a bare read in a worker, and MD5 with one engine
// through the SDK's worker hash runner (the same worker code an upload uses).
import { createWorkerHashRunner, fileSourceFromBlob, hashWasmEngine, sparkMd5Engine } from '@dscloud/sdk/upload';

export const SLICE = 2 * 1024 * 1024;

/** The File chosen in `<input id>`. */
export function picked(id) {
  const file = document.getElementById(id)?.files?.[0];
  if (!file) throw new Error(`no file in #${id}`);
  return file;
}

export function bareRead(file) {
  return new Promise((resolve, reject) => {
    const worker = new Worker('/read.worker.js', { type: 'module' });
    worker.onmessage = (event) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ file, sliceSize: SLICE });
  });
}

export async function md5With(engineName, file) {
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
  const md5 = await runner.md5(fileSourceFromBlob(file));
  const ms = performance.now() - started;
  if (fellBack) throw new Error('the hashing worker did not start; the figure would be the main thread');
  return { md5, ms, bytes: file.size };
}

/** The page functions bench/hashing.mjs calls, each on the File in `<input id>`. */
export const hashingBench = {
  hashSize: (id) => picked(id).size,
  hashRead: (id) => bareRead(picked(id)),
  hashMd5: (engineName, id) => md5With(engineName, picked(id)),
};
