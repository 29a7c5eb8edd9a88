/**
 * Prints the fault suite's table at the end of the run: scenario, runs, failures, data lost. A test
 * that failed without recording a failed run counts as one; a skipped one shows why in its name.
 */
import type { Reporter, TestModule } from 'vitest/node';
import './faultRecord.js';

export default class FaultSummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows: string[][] = [];
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        const fault = test.meta().fault;
        const full = `${test.parent.type === 'suite' ? `${test.parent.name}: ` : ''}${test.name}`;
        const scenario = full.length > 90 ? `${full.slice(0, 89)}…` : full;
        if (state === 'skipped' || state === 'pending') {
          rows.push([scenario, '0', '–', '–', 'skipped']);
          continue;
        }
        const runs = Math.max(1, fault?.runs ?? 1);
        const failures = Math.max(fault?.failures ?? 0, state === 'failed' ? 1 : 0);
        rows.push([scenario, String(runs), String(failures), String(fault?.lost ?? 0), fault?.note ?? '']);
      }
    }
    const head = ['scenario', 'runs', 'failures', 'data lost', 'injected'];
    const width = head.map((h, i) => Math.min(i === 0 ? 90 : 60, Math.max(h.length, ...rows.map((r) => r[i]!.length))));
    const line = (cells: string[]) => cells.map((c, i) => (i === 1 || i === 2 || i === 3 ? c.padStart(width[i]!) : c.padEnd(width[i]!))).join(' | ');
    const leg = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(`\nFault injection summary (${leg})`);
    console.log(line(head));
    console.log(width.map((w) => '-'.repeat(w)).join('-|-'));
    for (const r of rows) console.log(line(r));
    const lost = rows.reduce((n, r) => n + (Number(r[3]) || 0), 0);
    const failed = rows.reduce((n, r) => n + (Number(r[2]) || 0), 0);
    console.log(`total: ${rows.length} scenarios, ${failed} failed runs, ${lost} acknowledged items lost\n`);
  }
}
