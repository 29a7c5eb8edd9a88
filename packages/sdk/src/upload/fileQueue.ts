import type { Job } from './fileJob.js';

export interface FileQueueInput {
  jobs: ReadonlyMap<string, Job>;
  /** Files uploading at the same time (read each time: `configure` may change it). */
  limit(): number;
  /** One run of a file; its signal aborts on pause, cancel and destroy. */
  run(id: string, job: Job, signal: AbortSignal): Promise<void>;
}

/** Files waiting their turn and the runs under way, `limit()` at a time. */
export interface FileQueue {
  enqueue(id: string): void;
  /** Aborts the job's run and gives its slot back at once (pause, cancel). */
  release(job: Job): void;
  unqueue(id: string): void;
  /** Resolves once nothing is running or waiting. */
  idle(): Promise<void>;
  /** Drops every waiting file and aborts every run. */
  stop(): void;
}

export function createFileQueue({ jobs, limit, run }: FileQueueInput): FileQueue {
  const waiting: string[] = [];
  const runs = new Set<Promise<void>>();
  let running = 0;

  function pump() {
    while (running < limit() && waiting.length > 0) {
      const id = waiting.shift()!;
      const job = jobs.get(id);
      if (!job) continue;
      const controller = new AbortController();
      job.controller = controller;
      running += 1;
      const current = run(id, job, controller.signal).finally(() => {
        runs.delete(current);
        if (job.controller === controller) job.controller = undefined;
        // A paused or cancelled run gave its slot back already.
        if (!controller.signal.aborted) running -= 1;
        pump();
      });
      runs.add(current);
    }
  }

  function release(job: Job) {
    if (!job.controller) return;
    job.controller.abort();
    job.controller = undefined;
    running -= 1;
  }

  return {
    enqueue(id) {
      if (!waiting.includes(id)) waiting.push(id);
      pump();
    },
    release,
    unqueue(id) {
      const index = waiting.indexOf(id);
      if (index >= 0) waiting.splice(index, 1);
    },
    async idle() {
      while (runs.size > 0 || (waiting.length > 0 && running < limit())) {
        await Promise.all([...runs]);
        await Promise.resolve();
      }
    },
    stop() {
      waiting.length = 0;
      for (const job of jobs.values()) if (job.controller) release(job);
    },
  };
}
