// Serves the SDK's Web Workers to browser tests. A test bundle keeps
// `new URL('./md5.worker.js', import.meta.url)` as written, so the browser asks for `md5.worker.js`
// next to the test file; answer that with the worker's source bundled by esbuild (the rollup build
// emits the same worker as its own chunk instead).
import { build } from 'esbuild';
import path from 'node:path';

export function workerServe({ workers }) {
  const cache = new Map();
  return {
    name: 'ds-worker-bundle',
    async serve(context) {
      const source = workers[path.posix.basename(context.path)];
      if (!source) return undefined;
      if (!cache.has(source)) {
        cache.set(
          source,
          build({
            entryPoints: [source],
            bundle: true,
            write: false,
            format: 'esm',
            platform: 'browser',
            target: 'es2022',
            conditions: ['source'],
            sourcemap: 'inline',
            logLevel: 'silent',
          }).then((result) => result.outputFiles[0].text),
        );
      }
      return { body: await cache.get(source), type: 'js' };
    },
  };
}
