import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The SDK is read from source (its `source` export condition), as in the bundle.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  environments: { __vitest__: { resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] } } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'seed/**/*.test.ts'],
    // The fault-injection suite runs on its own (vitest.faults.config.ts, `npm run test:faults`).
    exclude: ['**/node_modules/**', 'test/faults/**'],
    environment: 'node',
    globalSetup: ['./test/globalSetup.ts'],
    pool: 'forks',
    // A worker keeps its loaded modules (and PGlite's compiled WebAssembly) from one file to the next:
    // each file still starts its own server over its own database, and no file mocks a module.
    isolate: false,
    server: { deps: { inline: [/@dscloud\/sdk/] } },
    // Each file opens its own database (≈0.7 GB for PGlite); two at a time suit a 2-core machine, one
    // when the run shares the machine with other suites (`npm test`'s Node-line runs).
    maxWorkers: Number(process.env.SERVER_TEST_WORKERS) || 2,
    testTimeout: 30_000,
    // A test file starts its own database, migrated and seeded; generous for a loaded 2-core machine.
    hookTimeout: 180_000,
  },
});
