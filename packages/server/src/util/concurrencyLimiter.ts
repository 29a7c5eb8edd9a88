/**
 * Places per key: at most `running` holders at once, at most `waiting` more in line (first come, first
 * served) for at most `waitMs`; beyond that a refusal at once. In memory, per server process: what it
 * bounds — requests in flight, the database connections and the event loop they take — is the process's
 * own (docs/architecture.md "Heavy requests and the embedded database").
 */

export interface Places {
  running: number;
  waiting: number;
  /** The longest wait in line; none when absent. */
  waitMs?: number;
}

/** Why no place was given: the line was full, the wait ran out, or the caller went away while waiting. */
export type RefusalReason = 'full' | 'timeout' | 'aborted';

export class NoPlace extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`no place: ${reason}`);
    this.name = 'NoPlace';
  }
}

interface Waiter {
  admit(): void;
  refuse(reason: RefusalReason): void;
}

interface KeyState {
  running: number;
  line: Waiter[];
}

/** Gives back a place; calling it again does nothing. */
export type Release = () => void;

export class ConcurrencyLimiter {
  private readonly keys = new Map<string, KeyState>();

  /**
   * A place for `key`, at once or after waiting in line; rejects with NoPlace. `signal` aborts a wait
   * (the client closed the connection): the place in line goes to nobody.
   */
  acquire(key: string, places: Places, signal?: AbortSignal): Promise<Release> {
    let state = this.keys.get(key);
    if (!state) this.keys.set(key, (state = { running: 0, line: [] }));
    const held = state;
    if (held.running < places.running && held.line.length === 0) {
      held.running += 1;
      return Promise.resolve(this.releaser(key, held));
    }
    if (held.line.length >= places.waiting || signal?.aborted) {
      this.forgetIfIdle(key, held);
      return Promise.reject(new NoPlace(signal?.aborted ? 'aborted' : 'full'));
    }
    return new Promise<Release>((resolve, reject) => {
      const leave = (reason: RefusalReason) => {
        const at = held.line.indexOf(waiter);
        if (at < 0) return;
        held.line.splice(at, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.forgetIfIdle(key, held);
        reject(new NoPlace(reason));
      };
      const onAbort = () => leave('aborted');
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(this.releaser(key, held));
        },
        refuse: leave,
      };
      const timer = places.waitMs === undefined ? undefined : setTimeout(() => leave('timeout'), places.waitMs);
      timer?.unref?.();
      signal?.addEventListener('abort', onAbort, { once: true });
      held.line.push(waiter);
    });
  }

  /** Holders and waiters of one key (0 and 0 for an unknown key). */
  of(key: string): { running: number; waiting: number } {
    const state = this.keys.get(key);
    return { running: state?.running ?? 0, waiting: state?.line.length ?? 0 };
  }

  /** Keys with a holder or a waiter (a bound on memory: idle keys are dropped). */
  get size(): number {
    return this.keys.size;
  }

  private releaser(key: string, state: KeyState): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = state.line.shift();
      // The place passes straight to the first in line, so a newcomer cannot take it in between.
      if (next) next.admit();
      else {
        state.running -= 1;
        this.forgetIfIdle(key, state);
      }
    };
  }

  private forgetIfIdle(key: string, state: KeyState): void {
    if (state.running === 0 && state.line.length === 0 && this.keys.get(key) === state) this.keys.delete(key);
  }
}
