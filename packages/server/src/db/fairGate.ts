/**
 * Who gets the embedded database next. PGlite is one connection, and while a statement runs it holds
 * the event loop too; in front of it PGlite queues statements first come, first served, so one caller
 * with fifty list requests in flight put fifty statements before every visitor's one. The gate
 * admits `capacity` operations (a statement, or a whole transaction) at a time and picks the next:
 *
 * - from the **interactive** lane before the **heavy** lane (db/turns.ts says which lane a request's
 *   statements are in), except that after `heavyEvery` interactive turns in a row while heavy work
 *   waits, one heavy operation goes — heavy work slows down under load, it never stops;
 * - within a lane, callers in turn (round robin by the turn's key: a user, an address, the server
 *   itself), each caller's own operations in order — one caller's fifty statements wait behind each
 *   other, not in front of everyone.
 *
 * A freed place is handed on at the next turn of the event loop (`defer`, setImmediate), not at once:
 * requests that arrived meanwhile get to queue their statements first, so the pick sees them.
 */

export type Lane = 'interactive' | 'heavy';

export interface Turn {
  lane: Lane;
  /** The caller, read when the operation is queued. */
  key(): string;
}

interface Job {
  start(): void;
}

class LaneQueue {
  /** Callers with queued operations, in turn order (a Map keeps insertion order). */
  private readonly callers = new Map<string, Job[]>();
  size = 0;

  push(key: string, job: Job): void {
    const queue = this.callers.get(key);
    if (queue) queue.push(job);
    else this.callers.set(key, [job]);
    this.size += 1;
  }

  /** The first caller's oldest operation; that caller then goes to the back of the turn order. */
  take(): Job | undefined {
    for (const [key, queue] of this.callers) {
      const job = queue.shift()!;
      this.callers.delete(key);
      if (queue.length) this.callers.set(key, queue);
      this.size -= 1;
      return job;
    }
    return undefined;
  }
}

export interface GateStats {
  running: number;
  waiting: Record<Lane, number>;
  /** Operations started, by lane, since the gate was made. */
  started: Record<Lane, number>;
}

export interface FairGateOptions {
  /** Operations at a time (PGlite: 1). */
  capacity?: number;
  /** Interactive operations in a row, while heavy ones wait, before one heavy operation goes. */
  heavyEvery?: number;
  /** Runs the next pick later (default: setImmediate, after pending I/O). */
  defer?: (fn: () => void) => void;
}

export class FairGate {
  private readonly lanes: Record<Lane, LaneQueue> = { interactive: new LaneQueue(), heavy: new LaneQueue() };
  private readonly capacity: number;
  private readonly heavyEvery: number;
  private readonly defer: (fn: () => void) => void;
  private running = 0;
  private picking = false;
  private streak = 0;
  private readonly started: Record<Lane, number> = { interactive: 0, heavy: 0 };

  constructor(options: FairGateOptions = {}) {
    this.capacity = options.capacity ?? 1;
    this.heavyEvery = options.heavyEvery ?? 4;
    this.defer = options.defer ?? ((fn) => void setImmediate(fn));
  }

  /** Runs `operation` when its turn comes; its place is free again once it settles. */
  run<T>(turn: Turn, operation: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        start: () => {
          this.running += 1;
          this.started[turn.lane] += 1;
          let settled: Promise<T>;
          try {
            settled = operation();
          } catch (err) {
            settled = Promise.reject(err);
          }
          settled.then(resolve, reject).finally(() => this.free());
        },
      };
      // Straight in only when nobody waits and no pick is due: otherwise the pick decides.
      if (this.running < this.capacity && this.waiting() === 0 && !this.picking) {
        job.start();
        return;
      }
      this.lanes[turn.lane].push(turn.key(), job);
      this.schedulePick();
    });
  }

  stats(): GateStats {
    return {
      running: this.running,
      waiting: { interactive: this.lanes.interactive.size, heavy: this.lanes.heavy.size },
      started: { ...this.started },
    };
  }

  private waiting(): number {
    return this.lanes.interactive.size + this.lanes.heavy.size;
  }

  private free(): void {
    this.running -= 1;
    if (this.waiting() > 0) this.schedulePick();
  }

  private schedulePick(): void {
    if (this.picking || this.running >= this.capacity) return;
    this.picking = true;
    this.defer(() => {
      this.picking = false;
      while (this.running < this.capacity) {
        const job = this.next();
        if (!job) break;
        job.start();
      }
    });
  }

  private next(): Job | undefined {
    const { interactive, heavy } = this.lanes;
    if (heavy.size > 0 && (interactive.size === 0 || this.streak >= this.heavyEvery)) {
      this.streak = 0;
      return heavy.take();
    }
    if (interactive.size > 0) {
      this.streak = heavy.size > 0 ? this.streak + 1 : 0;
      return interactive.take();
    }
    return undefined;
  }
}
