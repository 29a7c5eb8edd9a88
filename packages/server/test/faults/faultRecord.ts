/**
 * What a fault scenario reports for the suite's summary table: how many times the fault was injected,
 * how many of those runs went wrong, and how many acknowledged chunks (or stored files) were lost.
 * Written to the test's meta as the runs go, so a run that fails half-way still shows what happened.
 */
import type { TestContext } from 'vitest';

export interface FaultRecord {
  runs: number;
  failures: number;
  lost: number;
  /** A few words on what was injected (shown in the table). */
  note?: string;
}

declare module '@vitest/runner' {
  interface TaskMeta {
    fault?: FaultRecord;
  }
}

/** The scenario's record, created on first use (one run, nothing failed or lost yet). */
export function record(context: TestContext, note?: string): FaultRecord {
  const meta = context.task.meta;
  meta.fault ??= { runs: 0, failures: 0, lost: 0 };
  if (note) meta.fault.note = note;
  return meta.fault;
}
