/**
 * The size budgets of the element bundles (bench/bundle-sizes.mjs), read from the files the build
 * produced: a change that puts the platform core back into `<ds-uploader>`'s first load fails here.
 * The portal's first load likewise keeps the back-office rich-text editor out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM bench script, no type declarations
import { checkBudgets, md5Workers, portalInitialJs, PORTAL_INITIAL_BUDGET } from '../bench/bundle-sizes.mjs';

interface BudgetResult {
  element: string;
  build: string;
  max: number;
  initial: number | undefined;
  pass: boolean;
}

describe('element bundle budgets (gzip -9, entry + static imports)', () => {
  const results = checkBudgets() as BudgetResult[];

  it.each(results.map((r) => [`${r.element} (${r.build})`, r] as const))('%s stays within its first-load budget', (_name, r) => {
    expect(r.initial, `${r.element} ${r.build} was not built`).toBeTypeOf('number');
    expect(r.initial!, `${r.element} ${r.build}: ${r.initial} B gz > budget ${r.max} B`).toBeLessThanOrEqual(r.max);
  });
});

describe('portal first-load budget (gzip -9, index.html script + modulepreloads)', () => {
  it('keeps the JavaScript fetched before the first page shows within its budget', () => {
    const portal = portalInitialJs() as { total: number; files: { file: string; gz: number }[] } | undefined;
    expect(portal, 'the portal was not built').toBeDefined();
    const largest = portal!.files.slice(0, 3).map((f) => `${f.file} ${f.gz} B`).join(', ');
    expect(portal!.total, `portal first load ${portal!.total} B gz > ${PORTAL_INITIAL_BUDGET} B (largest: ${largest})`).toBeLessThanOrEqual(PORTAL_INITIAL_BUDGET as number);
  });
});

describe('MD5 hashing worker budget (gzip -9, the worker with everything it imports)', () => {
  const workers = md5Workers() as { build: string; file: string; gz: number; budget: number; pass: boolean }[];

  it('is built for the portal and for both element builds', () => {
    expect(workers.map((w) => w.build).sort()).toEqual(['elements (React peer)', 'elements (standalone)', 'portal']);
  });

  it.each(workers.map((w) => [w.build, w] as const))('%s: only the two MD5 engines, not the rest of hash-wasm', (_build, w) => {
    expect(w.gz, `${w.file}: ${w.gz} B gz > budget ${w.budget} B`).toBeLessThanOrEqual(w.budget);
  });
});

/** The portal's first load: the entry and stylesheet index.html names, and their static imports. */
function portalFirstLoad(dist: string): Set<string> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return staticImports(...[...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => join(dist, m[1]!)));
}

/** The built files and every file they import statically, followed through. */
function staticImports(...entries: string[]): Set<string> {
  const files = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const file = stack.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'`](\.\/[^"'`]+\.js)["'`]/g)) stack.push(join(dirname(file), m[1]!));
  }
  return files;
}

describe('the portal first load', () => {
  const dist = join(fileURLToPath(new URL('..', import.meta.url)), 'packages/portal/dist');
  const chunks = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  // ProseMirror's view gives the editable element this class: a mark of the editor's code.
  const read = (f: string) => readFileSync(join(dist, 'assets', f), 'utf8');
  const editorChunks = chunks.filter((f) => /["'`]ProseMirror["'`]/.test(read(f)));

  it('leaves the rich-text editor out: only the screens with a rich-text form (create activity, help articles) fetch it', () => {
    expect(editorChunks.map((f) => f.replace(/-[\w-]+\.js$/, ''))).toEqual(['NoticeEditor']);
    const first = [...portalFirstLoad(dist)].map((f) => f.slice(f.lastIndexOf('/') + 1));
    // The walk reached the first load: the entry and the React file it imports (three files in all now).
    expect(first).toEqual(expect.arrayContaining([expect.stringMatching(/^index-/), expect.stringMatching(/^react-/)]));
    expect(first).not.toContain(editorChunks[0]);
    // Shared by two screens, the lazy wrapper gets a chunk of its own: follow the imports through it.
    // The entry names every chunk in its preload map (not an import: the first-load check above holds).
    const editor = editorChunks[0]!;
    const importersOf = (chunk: string) => chunks.filter((f) => f !== editor && !f.startsWith('index-') && read(f).includes(`./${chunk}`));
    const screensOf = (chunk: string): string[] =>
      importersOf(chunk).flatMap((f) => (f.startsWith('LazyNoticeEditor-') ? screensOf(f) : [f.replace(/-[\w-]+\.js$/, '')]));
    expect(screensOf(editor).sort()).toEqual(['CreateActivityScreen', 'HelpArticlesScreen']);
  });

  it("leaves antd out of home, /learn and a lesson's page: their code and everything it imports statically carry none", () => {
    // Every antd component asks the config context for its class prefix: a mark of antd's code.
    const isAntd = (f: string) => f.startsWith('antd-') || read(f).includes('getPrefixCls');
    expect(chunks.filter(isAntd).length, 'the mark finds antd in the build').toBeGreaterThan(10);
    for (const screen of ['HomeScreen', 'LearnScreen', 'CourseDetailScreen']) {
      const own = chunks.filter((f) => f.startsWith(`${screen}-`));
      expect(own, screen).toHaveLength(1);
      const reached = [...staticImports(join(dist, 'assets', own[0]!))].map((f) => f.slice(f.lastIndexOf('/') + 1));
      expect(reached, screen).toEqual(expect.arrayContaining([own[0], expect.stringMatching(/^LessonGrid-/), expect.stringMatching(/^react-/)]));
      expect(reached.filter(isAntd), screen).toEqual([]);
    }
  });
});

/** The chart library is a lazy part fetched by the statistics screens only, never in the first load. */
describe('portal first load and the charts', () => {
  it('has no chart library; ECharts is a lazy part of its own', () => {
    const dist = join(fileURLToPath(new URL('..', import.meta.url)), 'packages/portal/dist');
    // ECharts' own marker on every chart's host element.
    const MARK = '_echarts_instance_';
    const first = [...portalFirstLoad(dist)].filter((f) => readFileSync(f, 'utf8').includes(MARK));
    expect(first, 'ECharts is in the first load').toEqual([]);
    const chartPart = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js') && readFileSync(join(dist, 'assets', f), 'utf8').includes(MARK));
    expect(chartPart, 'the chart part was built').toHaveLength(1);
    const kb = gzipSync(readFileSync(join(dist, 'assets', chartPart[0]!)), { level: 9 }).length / 1024;
    console.log(`portal chart part (ECharts core, bar + heat map): ${kb.toFixed(1)} KB gz`);
  });
});

/**
 * The standalone bundle is loaded by browsers straight from a plain page: every import in it must be
 * a relative file. A bare name (a Node module a library requires, such as function-plot's `events`)
 * cannot be resolved by a browser, and the part that carries it never loads.
 */
describe('standalone bundle imports', () => {
  it('names no package a browser cannot resolve', () => {
    const dist = join(fileURLToPath(new URL('..', import.meta.url)), 'packages/elements/dist');
    const js = (dir: string) => readdirSync(join(dist, dir)).filter((f) => f.endsWith('.js') && !f.startsWith('peer-')).map((f) => join(dir, f));
    const files = ['ds-elements.js', ...js('standalone'), ...js('chunks')];
    const bare: string[] = [];
    for (const file of files) {
      const code = readFileSync(join(dist, file), 'utf8');
      for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)(?![\w$])\s*(?:[\w$*{}\s,]+from\s*)?["'`]([^"'`./][^"'`]*)["'`]/g)) bare.push(`${file}: ${m[1]}`);
      // A template literal that starts with an interpolation (`${url}?retry=…`, the retryable imports'
      // reload of a part) is an address worked out at run time, not a package name.
      for (const m of code.matchAll(/\bimport\(\s*["'`]([^"'`./$][^"'`]*)["'`]\s*\)/g)) bare.push(`${file}: ${m[1]}`);
    }
    expect(files.length).toBeGreaterThan(10);
    expect(bare).toEqual([]);
  });
});
