// Element tests in Debian's Chromium against the real reference server.
import { chromeLauncher } from '@web/test-runner-chrome';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { esbuildServe } from './test-support/esbuildServe.mjs';
import { freePort, startReferenceServer } from './test-support/referenceServer.mjs';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH, headlessArgs } from '../../scripts/chromium.mjs';
import { seedMedia } from './test-support/seedMedia.mjs';
import { hlsFixtureServe } from './test-support/hlsFixture.mjs';
import { workerServe } from './test-support/workerServe.mjs';
import { toolAssetsServe } from './test-support/toolAssetsServe.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const port = await freePort();
const origins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
// teacher2 gets a 1 MB quota so that the uploader's quota line and early refusal can be seen (Uploader.quota.test.tsx).
const server = await startReferenceServer({ repoRoot, allowedOrigins: origins, env: { UPLOAD_QUOTA_USERS: 'teacher2=1MB/20' } });

export default {
  rootDir: here,
  files: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  port,
  hostname: 'localhost',
  nodeResolve: false,
  // The demo videos for <ds-lesson-player> tests that give their own `sources`, and an HLS ladder.
  middleware: [seedMedia({ repoRoot }), hlsFixtureServe({ repoRoot }), toolAssetsServe()],
  concurrency: 1,
  testFramework: { config: { timeout: 20000 } },
  testsFinishTimeout: 180000,
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: TEST_CHROMIUM_PATH,
        // puppeteer's 'shell' mode for the headless shell (scripts/chromium.mjs), its new headless mode otherwise.
        headless: headlessArgs(TEST_CHROMIUM_PATH).length ? true : 'shell',
        args: CHROMIUM_ARGS,
      },
    }),
  ],
  testRunnerHtml: (testFramework) => `<!doctype html>
<html lang="zh-CN">
  <head><meta charset="utf-8"><title>ds elements test</title></head>
  <body>
    <script>window.__DS_API_BASE__ = ${JSON.stringify(server.apiBase)}; window.__DS_TOOL_ASSETS__ = '/tool-assets/';</script>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
  plugins: [
    esbuildServe({ rootDir: here }),
    workerServe({ workers: { 'md5.worker.js': path.join(repoRoot, 'packages/sdk/src/upload/md5.worker.ts') } }),
    { name: 'ds-reference-server', serverStop: () => server.stop() },
  ],
};
