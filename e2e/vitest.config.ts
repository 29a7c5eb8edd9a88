import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers.js';

// End-to-end tests: the real server (own database in a temp folder) and the built portal in Chromium.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    environment: 'node',
    // E2E_WORKERS files at a time (support/workers.ts), each worker with its own server and browser.
    fileParallelism: E2E_WORKERS > 1,
    maxWorkers: E2E_WORKERS,
    // Ceilings, not waits: every step waits for a state. A journey through four screens and three
    // accounts on a loaded 2-core machine can take over a minute and a half; a poll for a state the
    // server reaches after a refresh can take seconds (the default of expect.poll is one second).
    testTimeout: 180_000,
    expect: { poll: { timeout: 20_000 } },
    hookTimeout: 600_000,
    teardownTimeout: 30_000,
  },
});
