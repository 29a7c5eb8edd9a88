/**
 * The bus's promise to the process that publishes: its own subscribers hear the message before
 * `publish` returns, whenever the database hands the notification back. The database is a fake at
 * its seam here, one that delivers notifications only when told to (PostgreSQL sends them over another
 * connection, some time after the commit); the real delivery is covered by the cluster tests.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import type { ListenHandlers } from '../db/pgListen.js';
import { startInvalidationBus } from './invalidationBus.js';

function slowNotifyDatabase() {
  let handlers: ListenHandlers | undefined;
  const sent: string[] = [];
  const db = {
    orm: {
      async execute(query: { queryChunks?: unknown[] }) {
        const text = JSON.stringify(query);
        if (text.includes('current_schema() as schema')) return [{ schema: 'public' }];
        sent.push(text);
        return [];
      },
    },
    listen(_channel: string, h: ListenHandlers) {
      handlers = h;
      h.state?.(true);
      return { ready: Promise.resolve(), stop: async () => {} };
    },
  } as unknown as Database;
  return { db, sent, echo: (payload: string) => handlers!.payload(payload) };
}

const uuids = (text: string) => text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];

describe('invalidation bus', () => {
  it('delivers a published message to this process at once, before the database echoes it, and once only', async () => {
    const { db, sent, echo } = slowNotifyDatabase();
    const bus = await startInvalidationBus(db);
    expect(bus.live).toBe(true);
    const heard: string[] = [];
    bus.subscribe('lessons', (key) => heard.push(key));
    bus.subscribe('learner', (key) => heard.push(`learner ${key}`));
    await bus.publish('lessons', '*');
    expect(heard).toEqual(['*']);
    expect(sent).toHaveLength(1); // and told every other process
    const [origin] = uuids(sent[0]!);
    echo(`public lessons * ${origin}`); // its own echo, late: already heard
    expect(heard).toEqual(['*']);
    echo('public lessons *'); // a trigger's message
    echo(`public lessons ls-1 ${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`); // another server's
    expect(heard).toEqual(['*', '*', 'ls-1']);
    await bus.close();
  });

  it('drops everything here at once on a published "everything" message', async () => {
    const { db } = slowNotifyDatabase();
    const bus = await startInvalidationBus(db);
    let resets = 0;
    bus.onReset(() => resets++);
    const before = resets;
    await bus.publish('*', '*');
    expect(resets).toBe(before + 1);
    await bus.close();
  });

  it('still waits for the echo of a barrier: it proves what the listening connection has heard', async () => {
    const { db, sent, echo } = slowNotifyDatabase();
    const bus = await startInvalidationBus(db);
    let reached = false;
    const barrier = bus.barrier().then(() => (reached = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(reached).toBe(false);
    const [key, origin] = uuids(sent.at(-1)!);
    expect(key).toBeDefined();
    echo(`public barrier ${key} ${origin}`);
    await barrier;
    expect(reached).toBe(true);
    await bus.close();
  });
});
