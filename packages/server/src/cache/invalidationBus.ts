/**
 * Tells every server process over one database that cached data changed. Messages are PostgreSQL
 * notifications on one channel (`ds_invalidate`), payload `<schema> <topic> <key>`: sent by triggers
 * on the tables a cache reads (migration 0077) or by `publish`, delivered at commit to every
 * listening process (in-process with PGlite). Key `*` means "everything of this topic"; topic `*`
 * means everything.
 *
 * A process hears its own `publish` at once, not when the database hands the message back: the next
 * request it answers already sees the drop. `publish` adds the sender as a fourth word, so the echo is
 * skipped — a late echo would otherwise drop, a second time, what was cached since (a server that
 * does not know the fourth word reads the first three as before).
 *
 * `live` is false while the listening connection is down: a message sent then is lost, so a cache
 * must not answer from memory until `live` is true again, and `onReset` handlers drop everything held
 * (it fires on loss and again on recovery).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';

export const INVALIDATION_CHANNEL = 'ds_invalidate';

export type InvalidationHandler = (key: string) => void;

export interface InvalidationBus {
  /** True while every change made through the database is known to reach this process. */
  readonly live: boolean;
  subscribe(topic: string, handler: InvalidationHandler): () => void;
  /** Called when messages may have been missed: the subscriber drops whatever it holds. */
  onReset(handler: () => void): () => void;
  /** For changes no trigger sees: delivered to this process at once, to every other at the commit of the statement. */
  publish(topic: string, key: string): Promise<void>;
  /**
   * Resolves once this process has received every message committed before the call (PostgreSQL
   * delivers them to each listener in commit order; PGlite at once). Free when the bus is not live.
   */
  barrier(): Promise<void>;
  close(): Promise<void>;
}

const READY_WAIT_MS = 5_000;
const BARRIER_WAIT_MS = 5_000;
const BARRIER = 'barrier';
const TOPIC = /^[a-z*][a-z0-9_.*-]{0,40}$/;

export async function startInvalidationBus(db: Database): Promise<InvalidationBus> {
  const rows = (await db.orm.execute(sql`select current_schema() as schema`)) as unknown as
    | { rows: { schema: string }[] }
    | { schema: string }[];
  const schema = (Array.isArray(rows) ? rows[0]?.schema : rows.rows[0]?.schema) ?? 'public';
  const topics = new Map<string, Set<InvalidationHandler>>();
  const resets = new Set<() => void>();
  const barriers = new Map<string, () => void>();
  /** This process's name in the messages it publishes. */
  const origin = randomUUID();
  let live = false;

  const deliver = (topic: string, key: string) => {
    for (const handler of topics.get(topic) ?? []) handler(key);
  };
  const resetAll = () => {
    for (const handler of resets) handler();
    for (const release of barriers.values()) release();
  };

  const listening = db.listen(INVALIDATION_CHANNEL, {
    payload(payload) {
      const [from, topic, key, sender] = payload.split(' ', 4);
      if (from !== schema || topic === undefined || key === undefined) return;
      if (sender === origin && topic !== BARRIER) return; // heard at once when published
      if (topic === '*') {
        resetAll();
        return;
      }
      if (topic === BARRIER) {
        barriers.get(key)?.();
        return;
      }
      deliver(topic, key);
    },
    state(up) {
      live = up;
      resetAll();
    },
  });
  // A database that does not let us listen yet leaves the bus not live (caches off), never start-up stuck.
  let waited: NodeJS.Timeout | undefined;
  await Promise.race([listening.ready, new Promise<void>((resolve) => (waited = setTimeout(resolve, READY_WAIT_MS)))]);
  clearTimeout(waited);

  async function publish(topic: string, key: string): Promise<void> {
    if (!TOPIC.test(topic) || key.includes(' ')) throw new Error(`invalid invalidation message: ${topic} ${key}`);
    // Heard here at once (the echo is skipped); a barrier's echo is the point of it.
    if (topic === '*') for (const handler of resets) handler();
    else if (topic !== BARRIER) deliver(topic, key);
    await db.orm.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, current_schema() || ' ' || ${topic} || ' ' || ${key} || ' ' || ${origin})`);
  }

  return {
    get live() {
      return live;
    },
    subscribe(topic, handler) {
      if (!TOPIC.test(topic)) throw new Error(`invalid invalidation topic: ${topic}`);
      let set = topics.get(topic);
      if (!set) topics.set(topic, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    onReset(handler) {
      resets.add(handler);
      return () => resets.delete(handler);
    },
    publish,
    async barrier() {
      if (!live) return;
      const key = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const reached = new Promise<void>((resolve) => {
        barriers.set(key, resolve);
        // A listener that stopped hearing without noticing (no FIN) must not hold callers forever.
        timer = setTimeout(resolve, BARRIER_WAIT_MS);
      });
      try {
        await publish(BARRIER, key);
        await reached;
      } finally {
        clearTimeout(timer);
        barriers.delete(key);
      }
    },
    async close() {
      live = false;
      for (const release of barriers.values()) release();
      await listening.stop();
    },
  };
}
