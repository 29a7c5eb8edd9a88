/** The learner pages cache's own rules, over an in-memory bus (the routes' rules: test/learnerPages.cache.test.ts). */
import { describe, expect, it } from 'vitest';
import type { InvalidationBus, InvalidationHandler } from '../cache/invalidationBus.js';
import { LearnerPageCache } from './learnerPageCache.js';

function memoryBus() {
  const topics = new Map<string, Set<InvalidationHandler>>();
  const resets = new Set<() => void>();
  const bus = {
    live: true,
    subscribe(topic: string, handler: InvalidationHandler) {
      if (!topics.has(topic)) topics.set(topic, new Set());
      topics.get(topic)!.add(handler);
      return () => topics.get(topic)!.delete(handler);
    },
    onReset(handler: () => void) {
      resets.add(handler);
      return () => resets.delete(handler);
    },
    async publish(topic: string, key: string) {
      for (const handler of topics.get(topic) ?? []) handler(key);
    },
    async barrier() {},
    async close() {},
  };
  return bus satisfies InvalidationBus;
}

const json = (bytes: Buffer) => JSON.parse(bytes.toString()) as unknown;

describe('LearnerPageCache', () => {
  it('keeps an answer per user and key until that user is dropped', async () => {
    const cache = new LearnerPageCache(memoryBus(), 100, 1 << 20);
    let loads = 0;
    const load = (value: string) => async () => (loads++, value);
    expect(json(await cache.get('u1', 'notes', load('a')))).toBe('a');
    expect(json(await cache.get('u1', 'notes', load('b')))).toBe('a');
    expect(json(await cache.get('u2', 'notes', load('c')))).toBe('c');
    await cache.dropUser('u1');
    expect(json(await cache.get('u1', 'notes', load('d')))).toBe('d');
    expect(json(await cache.get('u2', 'notes', load('e')))).toBe('c');
    expect(loads).toBe(3);
  });

  it('does not keep a load that started before its user was dropped', async () => {
    const cache = new LearnerPageCache(memoryBus(), 100, 1 << 20);
    await cache.get('u1', 'study', async () => 'old');
    await cache.dropUser('u1');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.get('u1', 'study', async () => (await gate, 'read before the write'));
    await cache.dropUser('u1');
    release();
    expect(json(await slow)).toBe('read before the write');
    expect(json(await cache.get('u1', 'study', async () => 'after'))).toBe('after');
  });

  it('does not keep a first load of a user dropped while it ran, and drops everyone on a lesson write', async () => {
    const bus = memoryBus();
    const cache = new LearnerPageCache(bus, 100, 1 << 20);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.get('new', 'notes', async () => (await gate, 'stale'));
    await cache.dropUser('new');
    release();
    await slow;
    expect(json(await cache.get('new', 'notes', async () => 'fresh'))).toBe('fresh');

    await cache.get('u2', 'notes', async () => 'kept');
    await bus.publish('lessons', '*');
    expect(json(await cache.get('u2', 'notes', async () => 'reloaded'))).toBe('reloaded');
    expect(json(await cache.get('new', 'notes', async () => 'reloaded too'))).toBe('reloaded too');
  });

  it('reads and keeps nothing while the bus is not live', async () => {
    const bus = memoryBus();
    const cache = new LearnerPageCache(bus, 100, 1 << 20);
    await cache.get('u1', 'notes', async () => 'a');
    bus.live = false;
    expect(json(await cache.get('u1', 'notes', async () => 'b'))).toBe('b');
    expect(cache.stats().entries).toBe(1);
    await cache.get('u3', 'notes', async () => 'c');
    expect(cache.stats().entries).toBe(1);
  });
});
