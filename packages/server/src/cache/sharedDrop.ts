/**
 * A cache's "drop" made to run on every server over one database: `sharedDrop(bus, topic, drop)`
 * answers a function that drops here at once (the writer's next read already misses) and publishes
 * `<topic> <key>` on the invalidation bus, so every other process drops too when the message reaches
 * it. Await the answer before the write's response leaves: the message is then committed, and a
 * `bus.barrier()` on another process afterwards is sure to have seen it. While the bus is down
 * (`onReset`) the cache is dropped as well; whatever is missed then is bounded by the cache's own time
 * limit (docs/architecture.md lists each bound).
 */
import type { InvalidationBus } from './invalidationBus.js';

export type SharedDrop = (key?: string) => Promise<void>;

export function sharedDrop(bus: InvalidationBus, topic: string, drop: (key: string) => void): SharedDrop {
  bus.subscribe(topic, drop);
  bus.onReset(() => drop('*'));
  return async (key = '*') => {
    drop(key);
    try {
      await bus.publish(topic, key);
    } catch {
      // The write stands; the other processes see it within the cache's time limit.
    }
  };
}
