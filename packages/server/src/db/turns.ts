/**
 * Which lane and caller the database work of the current request belongs to (fairGate.ts). app.ts
 * opens a turn for every request once its body is read; everything the request awaits from there —
 * its hooks, its handler, a cache load it starts — runs inside it (AsyncLocalStorage). Work outside
 * any request (start-up, seeds, the housekeeping sweep) is the server's own: interactive, one caller.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Turn } from './fairGate.js';

const storage = new AsyncLocalStorage<Turn>();

const SERVER_TURN: Turn = { lane: 'interactive', key: () => 'server' };

/** Runs `fn` (and what it starts) as `turn`. */
export function runAs<T>(turn: Turn, fn: () => T): T {
  return storage.run(turn, fn);
}

export function currentTurn(): Turn {
  return storage.getStore() ?? SERVER_TURN;
}
