// Builds the SDK (packages/sdk/dist) and the element bundles (packages/elements/dist).
import { readdirSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';

const root = path.dirname(fileURLToPath(import.meta.url));
const sdkSrc = path.join(root, 'packages/sdk/src');
const elements = path.join(root, 'packages/elements');

/** `import css from './x.css?inline'`: the stylesheet as a string (same contract as Vite's). */
function inlineCss() {
  return {
    name: 'ds-inline-css',
    async resolveId(source, importer) {
      if (!source.endsWith('.css?inline') || !importer) return null;
      return path.resolve(path.dirname(importer), source.replace(/\?inline$/, '')) + '?inline';
    },
    async load(id) {
      if (!id.endsWith('.css?inline')) return null;
      const css = await readFile(id.replace(/\?inline$/, ''), 'utf8');
      return `export default ${JSON.stringify(css.replace(/\s*\n\s*/g, '\n'))};`;
    },
  };
}

/** The SDK's own modules: they have no side effects, whatever the TS plugin's resolution hides. */
const treeshake = { moduleSideEffects: (id) => !id.includes('/packages/sdk/') };

function onwarn(warning, warn) {
  if (warning.code === 'THIS_IS_UNDEFINED') return; // jsencrypt's UMD wrapper, harmless
  warn(warning);
}

const tsPlugin = (tsconfig, extraInclude = []) =>
  typescript({
    tsconfig,
    include: ['**/*.ts', '**/*.tsx', '../sdk/src/**/*.ts', ...extraInclude],
    exclude: ['**/*.test.ts', '**/*.test.tsx', '**/*.stories.tsx', '**/node_modules/**'],
    noEmit: false,
    declaration: false,
    sourceMap: true,
    outDir: undefined,
    compilerOptions: { noEmit: false, allowImportingTsExtensions: false, rootDir: undefined },
  });

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
const resolve = () => nodeResolve({ browser: true, exportConditions: ['source', 'browser', 'module', 'import', 'default'], extensions: ['.ts', '.tsx', '.mjs', '.js'] });

const sdk = {
  input: sdkInputs(),
  external: sdkExternal,
  treeshake,
  onwarn,
  plugins: [resolve(), typescript({ tsconfig: path.join(root, 'packages/sdk/tsconfig.json'), include: ['**/*.ts'], exclude: ['**/*.test.ts'], noEmit: false, declaration: false, compilerOptions: { noEmit: false } })],
  output: { dir: path.join(root, 'packages/sdk/dist'), format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', sourcemap: true },
};

const elementsTs = path.join(elements, 'tsconfig.json');

// Chunk names carry content hashes: start from empty folders so stale chunks are never published.
for (const dir of ['packages/sdk/dist', 'packages/elements/dist']) rmSync(path.join(root, dir), { recursive: true, force: true });

/** React as a peer: for the portal and React hosts (they bring their own React). */
const elementsPeer = {
  input: { index: path.join(elements, 'src/index.ts'), 'ds-elements.peer': path.join(elements, 'src/register.ts') },
  external: reactExternal,
  treeshake,
  onwarn,
  plugins: [inlineCss(), resolve(), commonjs(), tsPlugin(elementsTs), terser({ format: { comments: false } })],
  output: { dir: path.join(elements, 'dist'), format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/peer-[name]-[hash].js', sourcemap: true },
};

/** Standalone: React inside, one `<script type="module">` registers every ds-* tag on any page. */
const elementsStandalone = {
  input: { 'ds-elements': path.join(elements, 'src/register.ts') },
  treeshake,
  onwarn,
  plugins: [
    inlineCss(),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    resolve(),
    commonjs(),
    tsPlugin(elementsTs),
    terser({ format: { comments: false } }),
  ],
  output: { dir: path.join(elements, 'dist'), format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', sourcemap: true },
};

export default [sdk, elementsPeer, elementsStandalone];
