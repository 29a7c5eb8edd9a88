// Serves each test file as one esbuild bundle: React 19 is CommonJS behind conditional requires,
// which the dev server cannot hand to the browser module by module.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const inlineCss = {
  name: 'inline-css',
  setup(b) {
    // `x.css?inline` and `x.svg?raw` (any file as text), as Vite and rollup.config.mjs hand them over.
    b.onResolve({ filter: /\.css\?inline$|\?raw$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.replace(/\?(inline|raw)$/, '')),
      namespace: 'inline-css',
    }));
    b.onLoad({ filter: /.*/, namespace: 'inline-css' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'text',
    }));
  },
};

export function esbuildServe({ rootDir }) {
  return {
    name: 'ds-esbuild-bundle',
    async serve(context) {
      if (!/\.test\.tsx?$/.test(context.path)) return undefined;
      const result = await build({
        entryPoints: [path.join(rootDir, decodeURIComponent(context.path))],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        jsx: 'automatic',
        conditions: ['source'],
        sourcemap: 'inline',
        // Vue's esm-bundler build reads its feature flags as globals (the test pages host Vue 3 apps).
        define: { 'process.env.NODE_ENV': '"development"', __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
        plugins: [inlineCss],
        logLevel: 'silent',
      });
      return { body: result.outputFiles[0].text, type: 'js' };
    },
  };
}
