// Builds the SDK (packages/sdk/dist) and the element bundles (packages/elements/dist).
import { readdirSync, existsSync, readFileSync, unlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import esbuild from 'rollup-plugin-esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import replace from '@rollup/plugin-replace';
import { minify as terserMinify } from 'terser';
import { transform as esbuildTransform } from 'esbuild';
import { retryableImports } from './scripts/retryable-imports.mjs';
import { excalidrawOwnFonts, toolAssets } from './scripts/tool-assets.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const sdkSrc = path.join(root, 'packages/sdk/src');
const elements = path.join(root, 'packages/elements');

/**
 * `import css from './x.css?inline'`: the stylesheet as a string; `import svg from './x.svg?raw'`: any
 * file as a string (same contracts as Vite's).
 */
const TEXT_IMPORT = /(\.css\?inline|\?raw)$/;
function inlineCss() {
  return {
    name: 'ds-inline-css',
    async resolveId(source, importer) {
      if (!TEXT_IMPORT.test(source) || !importer) return null;
      const query = source.slice(source.lastIndexOf('?'));
      return path.resolve(path.dirname(importer), source.slice(0, -query.length)) + query;
    },
    async load(id) {
      if (!TEXT_IMPORT.test(id)) return null;
      const css = await readFile(id.slice(0, id.lastIndexOf('?')), 'utf8');
      return `export default ${JSON.stringify(css.replace(/\s*\n\s*/g, '\n'))};`;
    },
  };
}

/**
 * `new Worker(new URL('./md5.worker.js', import.meta.url), …)` in the SDK: the worker's source is
 * `md5.worker.ts`, which no bundler would find by that URL. Emit it as its own chunk and point the
 * URL at the emitted file, so the worker sits beside whichever bundle (SDK, peer, standalone) runs it.
 */
const WORKER_URL = /new URL\(\s*(['"])\.\/([\w.-]+\.worker)\.js\1\s*,\s*import\.meta\.url\s*\)/g;
function workerChunks() {
  const workers = new Set();
  return {
    name: 'ds-worker-chunks',
    // A worker is imported by nobody, so the elements' TypeScript program never sees it: transpile it here.
    async load(id) {
      if (!workers.has(id)) return null;
      const { code, map } = await esbuildTransform(await readFile(id, 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022', sourcemap: 'external', sourcefile: id });
      return { code, map };
    },
    transform(code, id) {
      if (!code.includes('.worker.js')) return null;
      let changed = false;
      const out = code.replace(WORKER_URL, (match, _quote, name) => {
        const source = path.join(path.dirname(id.split('?')[0]), `${name}.ts`);
        if (!existsSync(source)) return match;
        changed = true;
        workers.add(source);
        return `new URL(import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: 'chunk', id: source, name })})`;
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

/** The SDK's own modules: they have no side effects, whatever the TS plugin's resolution hides. */
const treeshake = { moduleSideEffects: (id) => !id.includes('/packages/sdk/') };

function onwarn(warning, warn) {
  if (warning.code === 'THIS_IS_UNDEFINED') return; // jsencrypt's UMD wrapper, harmless
  warn(warning);
}

/**
 * TypeScript and JSX to JavaScript with esbuild, file by file: the types are checked once, by `npm run
 * typecheck` (tsc), not again by every bundle. The sources are written for it (`isolatedModules`,
 * `verbatimModuleSyntax`).
 */
const tsPlugin = (tsconfig) => {
  const plugin = esbuild({
    tsconfig,
    include: /\.[cm]?tsx?$/,
    exclude: [/\.test\.tsx?$/, /\.stories\.tsx$/, /node_modules/],
    target: 'es2022',
    jsx: 'automatic',
    sourceMap: true,
  });
  // Its resolver (`./x.js` → `./x.ts`) is for our sources only: inside a package it would run before
  // node-resolve and skip the package's `browser` map (axios would bring its Node adapter, `crypto`…).
  const resolveId = plugin.resolveId;
  plugin.resolveId = function (source, importer, options) {
    if (!importer || importer.includes('/node_modules/')) return null;
    return resolveId.call(this, source, importer, options);
  };
  return plugin;
};

/**
 * Minifies each chunk by its size. The entries and the small chunks, where a first load and most of our
 * own code are, get terser (the smallest output). The large lazy chunks are vendor code (the whiteboard,
 * the diagram libraries, fonts' subsetting): esbuild minifies them at a tenth of terser's CPU, with
 * output about 2 % larger under gzip. Both builds would otherwise minify every vendor chunk with terser,
 * most of the build's time.
 */
const TERSER_MAX = 160_000;
function minifyChunks() {
  return {
    name: 'ds-minify-chunks',
    async renderChunk(code, chunk) {
      if (code.length <= TERSER_MAX) {
        const out = await terserMinify(code, { module: true, toplevel: true, format: { comments: false }, sourceMap: { asObject: true } });
        return { code: out.code, map: out.map };
      }
      const out = await esbuildTransform(code, { minify: true, target: 'es2022', format: 'esm', legalComments: 'none', sourcemap: 'external', sourcefile: chunk.fileName });
      return { code: out.code, map: out.map };
    },
  };
}

/** SDK entry points: the root plus one per sub-folder that has an index.ts (`@dscloud/sdk/<dir>`). */
function sdkInputs() {
  const inputs = { index: path.join(sdkSrc, 'index.ts') };
  for (const entry of readdirSync(sdkSrc, { withFileTypes: true })) {
    const index = path.join(sdkSrc, entry.name, 'index.ts');
    if (entry.isDirectory() && existsSync(index)) inputs[entry.name] = index;
  }
  if (!existsSync(inputs.index)) delete inputs.index;
  return inputs;
}

// The SDK's own dependencies (axios, jsencrypt, zustand, the upload engines) stay imports: the
// host's bundler dedupes them.
const sdkDeps = Object.keys(JSON.parse(readFileSync(path.join(root, 'packages/sdk/package.json'), 'utf8')).dependencies ?? {});
const sdkExternal = (id) => sdkDeps.some((dep) => id === dep || id.startsWith(`${dep}/`));
const reactExternal = (id) => /^(react|react-dom)(\/|$)/.test(id);
// Browser bundles: a package that names a Node module it installs a browser copy of (function-plot's
// `events`) gets that copy, never a bare `import "events"` that no browser can resolve.
const resolve = () => nodeResolve({ browser: true, preferBuiltins: false, exportConditions: ['source', 'browser', 'module', 'import', 'default'], extensions: ['.ts', '.tsx', '.mjs', '.js'] });

const sdk = {
  input: sdkInputs(),
  external: sdkExternal,
  treeshake,
  onwarn,
  plugins: [recordOutputs(), workerChunks(), resolve(), tsPlugin(path.join(root, 'packages/sdk/tsconfig.json'))],
  output: { dir: path.join(root, 'packages/sdk/dist'), format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', sourcemap: true },
};

const elementsTs = path.join(elements, 'tsconfig.json');

/**
 * One entry per element (`src/<folder>/<name>.element.ts` → `elements/<name>.js`), so that each element's
 * own weight is a real file (and its static imports) that the size budgets in bench/ can point at.
 */
function elementInputs() {
  const inputs = {};
  for (const dir of readdirSync(path.join(elements, 'src'), { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const file of readdirSync(path.join(elements, 'src', dir.name))) {
      if (file.endsWith('.element.ts')) inputs[`elements/${file.replace(/\.element\.ts$/, '')}`] = path.join(elements, 'src', dir.name, file);
    }
  }
  return inputs;
}

/**
 * Chunk names carry content hashes, so old chunks would pile up in dist/. Every build records what it
 * wrote and the last one removes anything else. Cleaning at the end (not the start) keeps dist/ usable
 * by a running server while a build is under way.
 */
const written = new Set();
// A declaration (hoisted): the SDK build above uses it before this line runs.
function recordOutputs() {
  return {
    name: 'ds-record-outputs',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        written.add(path.join(options.dir, file));
        written.add(path.join(options.dir, `${file}.map`));
      }
    },
  };
}
const pruneStale = (dirs) => ({
  name: 'ds-prune-stale',
  closeBundle() {
    const walk = (dir) => {
      if (!existsSync(dir)) return;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (!written.has(file)) unlinkSync(file);
      }
    };
    for (const dir of dirs) walk(path.join(root, dir));
  },
});

/** React as a peer: for the portal and React hosts (they bring their own React). */
const elementsPeer = {
  input: { index: path.join(elements, 'src/index.ts'), 'ds-elements.peer': path.join(elements, 'src/register.ts'), ...elementInputs() },
  external: reactExternal,
  treeshake,
  onwarn,
  plugins: [recordOutputs(), inlineCss(), workerChunks(), resolve(), commonjs(), json({ preferConst: true }), excalidrawOwnFonts(), tsPlugin(elementsTs), minifyChunks()],
  output: { dir: path.join(elements, 'dist'), format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/peer-[name]-[hash].js', sourcemap: true },
};

/** Standalone: React inside, one `<script type="module">` registers every ds-* tag on any page. */
const elementsStandalone = {
  input: { 'ds-elements': path.join(elements, 'src/register.ts'), ...Object.fromEntries(Object.entries(elementInputs()).map(([k, v]) => [k.replace('elements/', 'standalone/'), v])) },
  treeshake,
  onwarn,
  plugins: [
    recordOutputs(),
    inlineCss(),
    workerChunks(),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    resolve(),
    commonjs(),
    // Excalidraw imports a colour table as JSON (open-color).
    json({ preferConst: true }),
    excalidrawOwnFonts(),
    tsPlugin(elementsTs),
    // Loaded by browsers directly: a lazy part that failed offline must load when asked again.
    retryableImports(),
    minifyChunks(),
    // The tools' stroke data, fonts and stylesheet, beside the chunks (dist/tool-assets/): never a CDN.
    toolAssets(),
    pruneStale(['packages/sdk/dist', 'packages/elements/dist']),
  ],
  output: { dir: path.join(elements, 'dist'), format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', sourcemap: true },
};

export default [sdk, elementsPeer, elementsStandalone];
