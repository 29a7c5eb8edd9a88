import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { retryableImports } from '../../scripts/retryable-imports.mjs';
import { excalidrawOwnFonts } from '../../scripts/tool-assets.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The screens index.html's start script loads early (docs/performance.md, "Early data"), by route key.
 * The build writes `boot-routes.json`: each screen's own JS files (its chunk and the chunks it imports,
 * less what the entry loads anyway) and CSS files; the server puts it into the page's boot data.
 */
const EARLY_SCREENS: Record<string, string> = {
  learn: 'src/lessons/LearnScreen.tsx',
  courseDetail: 'src/lessons/detail/CourseDetailScreen.tsx',
};

function bootRoutes(): Plugin {
  return {
    name: 'ds-boot-routes',
    apply: 'build',
    // After Vite's own hooks: its CSS plugin removes the chunks that only carried CSS (moving their CSS
    // to the chunks that imported them), so every file listed here is one the build wrote.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: string[]) => {
          const seen = new Set<string>();
          const visit = (name: string) => {
            if (seen.has(name) || !byName.has(name)) return;
            seen.add(name);
            for (const next of byName.get(name)?.imports ?? []) visit(next);
          };
          start.forEach(visit);
          return seen;
        };
        const initial = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const routes: Record<string, { js: string[]; css: string[] }> = {};
        for (const [key, source] of Object.entries(EARLY_SCREENS)) {
          const screen = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${source}`));
          if (!screen) this.error(`boot routes: no chunk for ${source}`);
          const js = [...closure([screen.fileName])].filter((name) => !initial.has(name));
          const css = [...new Set(js.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]))];
          routes[key] = { js, css };
        }
        this.emitFile({ type: 'asset', fileName: 'boot-routes.json', source: `${JSON.stringify(routes, null, 2)}\n` });
      },
    },
  };
}

// The SDK and the elements resolve from their TypeScript sources (the `source` export condition),
// so the portal never waits for their own builds. base './' lets the server mount it anywhere.
export default defineConfig({
  root: here,
  base: './',
  // retryableImports: a screen or lazy part that failed offline loads when asked again (see the plugin).
  // excalidrawOwnFonts: the whiteboard's fonts only from /elements/tool-assets/, never Excalidraw's CDN fallback.
  // bootRoutes: which files the start script preloads for /learn and a lesson (boot-routes.json).
  plugins: [react(), excalidrawOwnFonts(), { ...retryableImports({ late: true }), apply: 'build' }, bootRoutes()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The largest files are lazy parts of the whiteboard (Excalidraw's diagram import, 1.8 MB), loaded only
    // when a teacher opens that tool; what every visitor loads first is held to budgets by
    // e2e/bundleBudget.e2e.ts. A warning on every `npm start` about those files read as an error.
    chunkSizeWarningLimit: 2048,
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
