import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end tests: the real server (own database in a temp folder) and the built portal in Chromium.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    environment: 'node',
    // One browser and one server on a 2-core machine: files run one after the other.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 600_000,
    teardownTimeout: 30_000,
  },
});
