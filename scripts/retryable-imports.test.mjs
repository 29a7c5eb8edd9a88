// The rewrite of dynamic imports in chunks that browsers load directly (see retryable-imports.mjs),
// run for real: Node imports the rewritten chunk from disk like a browser imports a chunk by URL.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { retryableImports } from './retryable-imports.mjs';

const render = (code) => retryableImports().renderChunk(code);
const renderLate = (code) => {
  const bundle = { 'a.js': { type: 'chunk', code } };
  retryableImports({ late: true }).generateBundle.handler({}, bundle);
  return bundle['a.js'].code;
};
let folder;
afterEach(() => folder && rmSync(folder, { recursive: true, force: true }));

describe('retryable dynamic imports', () => {
  it('rewrites every relative dynamic import, whatever the quotes, and leaves the rest alone', () => {
    const out = render('a=()=>import("./x-1.js");b=()=>import(`../y.js`);c=()=>import(\'./z.js\');d=()=>import("react");e=()=>import(`./${n}.js`)').code;
    expect(out).toContain('__dsImport(import.meta.url,"./x-1.js")');
    expect(out).toContain('__dsImport(import.meta.url,`../y.js`)');
    expect(out).toContain("__dsImport(import.meta.url,'./z.js')");
    expect(out).toContain('import("react")');
    expect(out).toContain('import(`./${n}.js`)');
    expect(render('import "./static.js"; export const x = 1;')).toBeNull();
    // Vite's late pass (after it has read the imports for its preloads) writes the same code.
    const sample = 'a=()=>I(()=>import(`./Screen-1.js`),__vite__mapDeps([0,1]),import.meta.url)';
    expect(renderLate(sample)).toBe(render(sample).code);
    expect(renderLate('export const x = 1;')).toBe('export const x = 1;');
  });

  it('asks again under a URL no module map has seen after a failed fetch, and runs a loaded part once', () => {
    folder = mkdtempSync(path.join(tmpdir(), 'ds-retry-import-'));
    writeFileSync(path.join(folder, 'chunk.mjs'), render('export const load = () => import("./part.mjs");').code);
    // Plain Node's module loader (not the test runner's), as a browser would load the chunk.
    writeFileSync(
      path.join(folder, 'page.mjs'),
      `import { writeFileSync } from 'node:fs';
      import { load } from './chunk.mjs';
      globalThis.partRuns = 0;
      const first = await load().then(() => 'loaded', () => 'failed'); // not there yet: offline at first use
      writeFileSync(new URL('./part.mjs', import.meta.url), 'globalThis.partRuns++; export const url = import.meta.url;');
      const part = await load();
      const again = await load();
      console.log(JSON.stringify({ first, url: part.url, same: part === again, runs: globalThis.partRuns }));`,
    );
    const run = spawnSync(process.execPath, [path.join(folder, 'page.mjs')], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const seen = JSON.parse(run.stdout);
    expect(seen.first).toBe('failed');
    // Browsers that keep a failed fetch in their module map refetch only under another URL.
    expect(seen.url).toBe(pathToFileURL(path.join(folder, 'part.mjs')).href + '?retry=1');
    expect(seen.same).toBe(true);
    expect(seen.runs).toBe(1);
  });
});
