import { defineConfig } from 'vitest/config';

/**
 * The fault-injection suite (test/faults/, docs/security.md "Fault injection"): each file starts the
 * built server as its own process and breaks something around it. One file at a time, so a fault
 * injected by one file (a full disk, a restarted database, a burst of sockets) never lands on another.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    include: ['test/faults/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/faults/globalSetup.ts'],
    pool: 'forks',
    server: { deps: { inline: [/@dscloud\/sdk/] } },
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: ['default', './test/faults/summaryReporter.ts'],
  },
});
