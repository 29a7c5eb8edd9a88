/**
 * The size budgets of the element bundles (bench/bundle-sizes.mjs), read from the files the build
 * produced: a change that puts the platform core back into `<ds-uploader>`'s first load fails here.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM bench script, no type declarations
import { checkBudgets, portalInitialJs, PORTAL_INITIAL_BUDGET } from '../bench/bundle-sizes.mjs';

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
