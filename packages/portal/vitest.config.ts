import { defaultClientConditions } from 'vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests of the portal's pure rules (header entries, return addresses); screens are covered by e2e/.
export default defineConfig({
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // The tests run in Vite's SSR environment, which would hand the SDK to Node as a package (its last
    // build): the SDK's entry points from source, as the portal's own build reads them.
    alias: [
      { find: /^@dscloud\/sdk$/, replacement: fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url)) },
      { find: /^@dscloud\/sdk\/(.+)$/, replacement: fileURLToPath(new URL('../sdk/src/', import.meta.url)) + '$1/index.ts' },
    ],
  },
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The build plugins in scripts/ are the portal's too.
  test: { include: ['src/**/*.test.ts', '../../scripts/**/*.test.mjs', '../../bench/**/*.test.mjs'], environment: 'node' },
});
