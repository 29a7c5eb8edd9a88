// Gzipped sizes of what a page really downloads for each element: the element's entry file plus
// everything it imports statically (its initial load), and separately each lazy part it may import
// later (dynamic imports). Measured on the files the rollup build produces, for the React-peer build
// (`packages/elements/dist/elements/*.js`) and the standalone build (`dist/standalone/*.js`).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve, relative } from 'node:path';
import { root, kb } from './lib.mjs';
import { saveResults } from './results.mjs';

const dist = join(root, 'packages/elements/dist');
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

const STATIC = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;
const DYNAMIC = /import\(\s*["']([^"']+\.js)["']\s*\)/g;
const REFERENCED = /["'`](\.\/[^"'`]+\.js)["'`]/g;

function imports(file, pattern) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(pattern)].map((m) => resolve(dirname(file), m[1])).filter((f) => f.startsWith(dist));
}

/**
 * The closure of an entry over the imports `pattern` finds: with STATIC (the default) the files a page
 * fetches before the element can render.
 */
function closure(entry, pattern = STATIC) {
  const seen = new Set();
  const stack = [entry];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f) || !existsSync(f)) continue;
    seen.add(f);
    stack.push(...imports(f, pattern));
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

const PLYR_FILES = ['plyr.min.js', 'plyr.css', 'plyr.svg'];

/** Every file an entry may ever load: its static closure and, recursively, its lazy parts'. */
function reachable(entry) {
  const seen = new Set();
  const stack = [entry];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f) || !existsSync(f)) continue;
    seen.add(f);
    stack.push(...imports(f, STATIC), ...imports(f, DYNAMIC));
  }
  return seen;
}
const PLAYER_BUDGET = 8 * 1024;

/**
 * `<ds-lesson-player>` against Plyr alone as a site ships it (plyr.min.js + plyr.css + plyr.svg from the
 * installed package, each gzip -9 like every figure here). The player's own code is its initial load
 * minus the platform core it shares with the other elements (files another element also loads, at
 * once or lazily: SDK, HTTP client, element glue); a page that shows any element has that core. Notes
 * and watch time are lazy parts that only a signed-in viewer loads.
 */
export function playerVsPlyr() {
  const dir = join(dist, 'elements');
  const entries = readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => join(dir, f));
  const player = entries.find((f) => f.endsWith('/lesson-player.js'));
  if (!player) return undefined;
  const others = entries.filter((f) => f !== player).map(reachable);
  const loaded = closure(player);
  const shared = [...loaded].filter((f) => others.some((o) => o.has(f)));
  const own = [...loaded].filter((f) => !shared.includes(f)).reduce((n, f) => n + gz(f), 0);
  const lazy = lazyParts(loaded);
  const part = (word) => [...lazy].find(([name]) => name.includes(word))?.[1] ?? 0;
  const plyrDist = join(root, 'node_modules/plyr/dist');
  const plyrAlone = PLYR_FILES.reduce((n, f) => n + gz(join(plyrDist, f)), 0);
  const viewer = own + part('plyrBundle');
  const signedIn = viewer + part('LessonNotes') + part('studyEngine');
  return { plyrAlone, own, core: shared.reduce((n, f) => n + gz(f), 0), plyrChunk: part('plyrBundle'), viewer, signedIn };
}

function printPlayer() {
  const p = playerVsPlyr();
  if (!p) return;
  const diff = (total) => `${total - p.plyrAlone >= 0 ? '+' : ''}${kb(total - p.plyrAlone)}`;
  const verdict = (total) => (total - p.plyrAlone <= PLAYER_BUDGET ? 'PASS' : 'FAIL');
  console.log(`\n<ds-lesson-player> vs Plyr alone (${PLYR_FILES.join(' + ')}): ${kb(p.plyrAlone)}   budget: Plyr + ${kb(PLAYER_BUDGET)}`);
  console.log(`  player, anonymous viewer (own code ${kb(p.own)} + Plyr chunk ${kb(p.plyrChunk)}): ${kb(p.viewer)}  ${diff(p.viewer)}  ${verdict(p.viewer)}`);
  console.log(`  player, signed-in viewer (+ notes and watch time):            ${kb(p.signedIn)}  ${diff(p.signedIn)}  ${verdict(p.signedIn)}`);
  console.log(`  not counted: platform core shared with the other elements ${kb(p.core)} (React peer build)`);
}

/**
 * First-load budgets (entry + static imports, gzip -9), enforced in CI by e2e/bundleBudget.e2e.ts.
 * `<ds-uploader>` renders its drop zone from the first load; the platform core and the upload engine
 * follow as a lazy part (listed above with the other lazy parts). `<ds-activity-list>` likewise renders
 * its loading state and ticks its countdowns from the first load; the platform core and the activities
 * client are its lazy part. `<ds-help-widget>`'s first load is its collapsed button and panel; the
 * platform core follows right after, the QR/video dialog and the feedback form when opened.
 */
export const BUDGETS = [
  { element: 'ds-uploader', build: 'React peer', max: 20 * 1024 },
  { element: 'ds-activity-list', build: 'React peer', max: 12 * 1024 },
  { element: 'ds-help-widget', build: 'React peer', max: 10 * 1024 },
  { element: 'ds-tool-editor', build: 'React peer', max: 25 * 1024 },
];

/**
 * Each tool of `<ds-tool-editor>` is a lazy part of its own (tool-editor/toolRegistry.ts). Which chunk
 * is which tool is read from the chunk's source map (`tools/<toolId>/` among its sources); the size is
 * what the tool adds to the element's first load.
 */
export function toolParts(build = 'React peer') {
  const entry = join(dist, build === 'React peer' ? 'elements' : 'standalone', 'tool-editor.js');
  if (!existsSync(entry)) return [];
  const parts = [];
  for (const [name, size] of lazyParts(closure(entry))) {
    const map = join(dist, `${name}.map`);
    const sources = existsSync(map) ? JSON.parse(readFileSync(map, 'utf8')).sources ?? [] : [];
    const tool = sources.map((s) => /tool-editor\/tools\/([^/]+)\//.exec(s)?.[1]).find(Boolean);
    if (tool) parts.push({ tool, chunk: name, size });
  }
  return parts.sort((a, b) => a.tool.localeCompare(b.tool));
}

// The portal the server serves (`PORTAL_DIR`, as the server reads it; the workspace's build by default).
const portalDist = process.env.PORTAL_DIR ? resolve(process.env.PORTAL_DIR) : join(root, 'packages/portal/dist');

/**
 * The JavaScript the portal's first page fetches before anything shows: the entry script of
 * `index.html` and every module it preloads (gzip -9 each, as the server sends them precompressed).
 */
export function portalInitialJs() {
  const html = join(portalDist, 'index.html');
  if (!existsSync(html)) return undefined;
  const files = [...readFileSync(html, 'utf8').matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\.?\/?([^"]+\.js)"/g)].map((m) => join(portalDist, m[1]));
  const sizes = files.map((f) => ({ file: relative(portalDist, f), gz: gz(f) })).sort((a, b) => b.gz - a.gz);
  return { files: sizes, total: sizes.reduce((n, f) => n + f.gz, 0) };
}

/**
 * The portal's first-load JavaScript, enforced in CI (e2e/bundleBudget.e2e.ts) as a ratchet: it may
 * only shrink. The 200 KB goal is met (159 KB: no antd in the first load, three files); the budget is
 * that figure plus a small margin (docs/performance.md).
 */
export const PORTAL_INITIAL_BUDGET = 165 * 1024;

/**
 * The MD5 hashing worker (`packages/sdk/src/upload/md5.worker.ts`) as each build ships it: the
 * portal's single worker file (Vite inlines everything into it), and each elements build's worker
 * entry with every file it imports, at once or on demand (both MD5 engines). It needs hash-wasm's MD5
 * (~5 KB gz) and spark-md5 (~3 KB gz); the budget catches the rest of hash-wasm coming back (82 KB gz
 * when the whole package was inlined). Enforced in CI by e2e/bundleBudget.e2e.ts.
 */
export const MD5_WORKER_BUDGET = 15 * 1024;

export function md5Workers() {
  const found = [];
  const portalAssets = join(portalDist, 'assets');
  if (existsSync(portalAssets)) {
    for (const f of readdirSync(portalAssets).filter((n) => /^md5\.worker-[\w-]+\.js$/.test(n))) {
      found.push({ build: 'portal', file: relative(root, join(portalAssets, f)), gz: gz(join(portalAssets, f)) });
    }
  }
  const chunks = join(dist, 'chunks');
  if (existsSync(chunks)) {
    for (const f of readdirSync(chunks).filter((n) => /^(peer-)?md5\.worker-[\w-]+\.js$/.test(n))) {
      const entry = join(chunks, f);
      // Every relative file the worker's files name: the standalone build's lazy imports go through
      // a retrying wrapper (`import(url)` with the file name as a string), which DYNAMIC cannot see.
      const files = closure(entry, REFERENCED);
      found.push({ build: f.startsWith('peer-') ? 'elements (React peer)' : 'elements (standalone)', file: relative(root, entry), gz: [...files].reduce((n, x) => n + gz(x), 0) });
    }
  }
  return found.map((w) => ({ ...w, budget: MD5_WORKER_BUDGET, pass: w.gz <= MD5_WORKER_BUDGET }));
}

/** Each budget with the measured first load and whether it holds (a missing file fails). */
export function checkBudgets(rows = measure()) {
  return BUDGETS.map((budget) => {
    const initial = rows.find((r) => r.element === budget.element && r.build === budget.build)?.initial;
    return { ...budget, initial, pass: initial !== undefined && initial <= budget.max };
  });
}

/**
 * Every lazy part an entry may load, at any depth (the engine core, then the MD5 engines and mp4box
 * it imports on demand), each with what it adds to everything loaded before it.
 */
export function lazyTree(entry) {
  const parts = new Map();
  const walk = (loaded) => {
    for (const [name, size] of lazyParts(loaded)) {
      if (parts.has(name)) continue;
      parts.set(name, size);
      walk(new Set([...loaded, ...closure(join(dist, name))]));
    }
  };
  walk(closure(entry));
  return parts;
}

function printBudgets() {
  for (const b of checkBudgets()) {
    const measured = b.initial === undefined ? 'not built' : kb(b.initial);
    console.log(`\n<${b.element}> ${b.build} first load ${measured}   budget: ${kb(b.max)}  ${b.pass ? 'PASS' : 'FAIL'}`);
    const entry = join(dist, b.build === 'React peer' ? 'elements' : 'standalone', `${b.element.replace(/^ds-/, '')}.js`);
    for (const [name, size] of existsSync(entry) ? lazyTree(entry) : []) console.log(`  lazy ${name.padEnd(44)} ${kb(size).padStart(9)}`);
  }
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
  printBudgets();
  console.log('\n<ds-tool-editor> tools (React peer, lazy, gzip -9, beyond the first load):');
  for (const p of toolParts()) console.log(`  ${p.tool.padEnd(20)} ${kb(p.size).padStart(9)}   ${p.chunk}`);
  printPlayer();
  console.log('\nMD5 hashing worker (with everything it imports, both engines), gzip -9:');
  for (const w of md5Workers()) console.log(`  ${w.build.padEnd(22)} ${kb(w.gz).padStart(9)}   budget: ${kb(w.budget)}  ${w.pass ? 'PASS' : 'FAIL'}   ${w.file}`);
  const portal = portalInitialJs();
  if (portal) {
    console.log(`\nportal first load (index.html script + modulepreloads, ${portal.files.length} files): ${kb(portal.total)}   budget: ${kb(PORTAL_INITIAL_BUDGET)}  ${portal.total <= PORTAL_INITIAL_BUDGET ? 'PASS' : 'FAIL'}`);
    for (const f of portal.files.slice(0, 8)) console.log(`  ${f.file.padEnd(44)} ${kb(f.gz).padStart(9)}`);
  }
  saveResults('bundle-sizes', {
    elements: measure().map((r) => ({ element: r.element, build: r.build, initialGz: r.initial, lazyGz: Object.fromEntries(r.lazy) })),
    budgets: checkBudgets(),
    tools: toolParts(),
    player: playerVsPlyr() ?? null,
    md5Workers: md5Workers(),
    portalInitialJs: portal ? { gz: portal.total, budget: PORTAL_INITIAL_BUDGET, pass: portal.total <= PORTAL_INITIAL_BUDGET } : null,
  });
}
