// Gzipped sizes of what a page really downloads for each element: the element's entry file plus
// everything it imports statically (its initial load), and separately each lazy part it may import
// later (dynamic imports). Measured on the files the rollup build produces, for the React-peer build
// (`packages/elements/dist/elements/*.js`) and the standalone build (`dist/standalone/*.js`).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve, relative } from 'node:path';
import { root, kb } from './lib.mjs';

const dist = join(root, 'packages/elements/dist');
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

const STATIC = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;
const DYNAMIC = /import\(\s*["']([^"']+\.js)["']\s*\)/g;

function imports(file, pattern) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(pattern)].map((m) => resolve(dirname(file), m[1])).filter((f) => f.startsWith(dist));
}

/** The static closure of an entry: the files a page fetches before the element can render. */
function closure(entry) {
  const seen = new Set();
  const stack = [entry];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f) || !existsSync(f)) continue;
    seen.add(f);
    stack.push(...imports(f, STATIC));
  }
  return seen;
}

/** Lazy parts reachable from a closure, each with its own static closure minus what is already loaded. */
function lazyParts(loaded) {
  const parts = new Map();
  for (const f of loaded) {
    for (const lazy of imports(f, DYNAMIC)) {
      const extra = [...closure(lazy)].filter((x) => !loaded.has(x));
      parts.set(relative(dist, lazy), extra.reduce((n, x) => n + gz(x), 0));
    }
  }
  return parts;
}

export function measure() {
  const rows = [];
  for (const build of ['elements', 'standalone']) {
    const dir = join(dist, build);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
      const loaded = closure(join(dir, file));
      const initial = [...loaded].reduce((n, f) => n + gz(f), 0);
      rows.push({ element: `ds-${file.replace(/\.js$/, '')}`, build: build === 'elements' ? 'React peer' : 'standalone', initial, lazy: lazyParts(loaded) });
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(dist)) throw new Error('packages/elements/dist is missing: run `npm run build` first');
  console.log('gzip -9 sizes: initial load (entry + static imports) and lazy parts loaded on demand\n');
  for (const r of measure()) {
    const lazy = [...r.lazy].map(([name, size]) => `${name} ${kb(size)}`).join(', ');
    console.log(`${r.element.padEnd(22)} ${r.build.padEnd(11)} ${kb(r.initial).padStart(9)}${lazy ? `   lazy: ${lazy}` : ''}`);
  }
  const whole = join(dist, 'ds-elements.js');
  if (existsSync(whole)) console.log(`\nds-elements.js (every element, standalone): ${kb([...closure(whole)].reduce((n, f) => n + gz(f), 0))}`);
}
