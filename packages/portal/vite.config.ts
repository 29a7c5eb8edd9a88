import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { retryableImports } from '../../scripts/retryable-imports.mjs';
import { excalidrawOwnFonts } from '../../scripts/tool-assets.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

// The SDK and the elements resolve from their TypeScript sources (the `source` export condition),
// so the portal never waits for their own builds. base './' lets the server mount it anywhere.
export default defineConfig({
  root: here,
  base: './',
  // retryableImports: a screen or lazy part that failed offline loads when asked again (see the plugin).
  // excalidrawOwnFonts: the whiteboard's fonts only from /elements/tool-assets/, never Excalidraw's CDN fallback.
  plugins: [react(), excalidrawOwnFonts(), { ...retryableImports({ late: true }), apply: 'build' }],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Libraries change less often than screens: separate files stay cached across releases.
        // Everything else the first page needs statically (`$initial`: the entry's static import graph:
        // SDK core, HTTP client, shell, words) goes into one `core` file instead of a dozen 0.1–5 KB
        // shared chunks, each a request of its own on a slow connection. Lazy screens' code is never
        // `$initial`, so it stays out of the first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
            { name: 'core', tags: ['$initial'], priority: 10 },
            // antd's provider (app/AntdRoot.tsx) and everything it pulls in (css-in-js, theme, motion, App's
            // message/modal/notification, both locales): one file that every screen loads with its own code.
            { name: 'antd', test: /[\\/]src[\\/]app[\\/]AntdRoot\.tsx$/, priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    // The dev server forwards API calls to a running reference server.
    proxy: Object.fromEntries(
      ['/cas', '/base', '/file', '/api', '/business', '/cloudSchool', '/static', '/healthz', '/elements'].map((p) => [
        p,
        process.env.DS_API ?? 'http://localhost:8080',
      ]),
    ),
  },
});
