import { defaultClientConditions } from 'vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests of the portal's pure rules (header entries, return addresses); screens are covered by e2e/.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The build plugins in scripts/ are the portal's too.
  test: { include: ['src/**/*.test.ts', '../../scripts/**/*.test.mjs', '../../bench/**/*.test.mjs'], environment: 'node' },
});
