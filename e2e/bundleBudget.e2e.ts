/**
 * The size budgets of the element bundles (bench/bundle-sizes.mjs), read from the files the build
 * produced: a change that puts the platform core back into `<ds-uploader>`'s first load fails here.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM bench script, no type declarations
import { checkBudgets } from '../bench/bundle-sizes.mjs';

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

/**
 * The portal's first load (index.html's entry and preloads with everything they import statically)
 * carries no ECharts: the chart library is a lazy part fetched by the statistics screens only.
 */
describe('portal first load', () => {
  it('has no chart library; ECharts is a lazy part of its own', async () => {
    const { existsSync, readFileSync, readdirSync } = await import('node:fs');
    const { dirname, join, resolve } = await import('node:path');
    const { gzipSync } = await import('node:zlib');
    const dist = resolve(import.meta.dirname, '../packages/portal/dist');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const entries = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => join(dist, m[1]!));
    expect(entries.length).toBeGreaterThan(0);
    const STATIC = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;
    const loaded = new Set<string>();
    const stack = [...entries];
    while (stack.length) {
      const file = stack.pop()!;
      if (loaded.has(file) || !existsSync(file)) continue;
      loaded.add(file);
      for (const m of readFileSync(file, 'utf8').matchAll(STATIC)) stack.push(resolve(dirname(file), m[1]!));
    }
    // ECharts' own marker on every chart's host element.
    const MARK = '_echarts_instance_';
    const first = [...loaded].filter((f) => readFileSync(f, 'utf8').includes(MARK));
    expect(first, 'ECharts is in the first load').toEqual([]);
    const assets = readdirSync(join(dist, 'assets')).map((f) => join(dist, 'assets', f));
    const chartPart = assets.filter((f) => f.endsWith('.js') && readFileSync(f, 'utf8').includes(MARK));
    expect(chartPart, 'the chart part was built').toHaveLength(1);
    const kb = gzipSync(readFileSync(chartPart[0]!), { level: 9 }).length / 1024;
    console.log(`portal chart part (ECharts core, bar + heat map): ${kb.toFixed(1)} KB gz`);
  });
});
