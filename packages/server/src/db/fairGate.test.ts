import { describe, expect, it } from 'vitest';
import { FairGate, type Lane } from './fairGate.js';

/** A gate whose picks run only when the test says so, and operations the test finishes by hand. */
function harness(options: { capacity?: number; heavyEvery?: number } = {}) {
  const picks: Array<() => void> = [];
  const gate = new FairGate({ ...options, defer: (fn) => picks.push(fn) });
  const log: string[] = [];
  const open = new Map<string, () => void>();
  const run = (lane: Lane, key: string, name: string) =>
    gate.run({ lane, key: () => key }, () => {
      log.push(name);
      return new Promise<void>((done) => open.set(name, done));
    });
  /** Finishes `name`, lets the gate pick (as the event loop would), repeated for each name given. */
  const finish = async (...names: string[]) => {
    for (const name of names) {
      open.get(name)!();
      open.delete(name);
      // The operation's settling reaches the gate through promise callbacks.
      for (let i = 0; i < 5; i++) await Promise.resolve();
      while (picks.length) picks.shift()!();
    }
  };
  const pick = () => {
    while (picks.length) picks.shift()!();
  };
  return { gate, log, run, finish, pick };
}

describe('FairGate', () => {
  it('runs one operation at a time and starts the first at once', async () => {
    const t = harness();
    void t.run('heavy', 'a', 'a1');
    void t.run('heavy', 'a', 'a2');
    expect(t.log).toEqual(['a1']);
    expect(t.gate.stats()).toMatchObject({ running: 1, waiting: { heavy: 1, interactive: 0 } });
    await t.finish('a1');
    expect(t.log).toEqual(['a1', 'a2']);
  });

  it('puts an interactive operation queued behind fifty heavy ones next in line', async () => {
    const t = harness();
    void t.run('heavy', 'reviewer', 'h0');
    for (let i = 1; i <= 50; i++) void t.run('heavy', 'reviewer', `h${i}`);
    void t.run('interactive', 'visitor', 'page');
    await t.finish('h0');
    expect(t.log).toEqual(['h0', 'page']);
  });

  it('takes callers in turn within a lane: one caller\u2019s queue does not delay another\u2019s first operation', async () => {
    const t = harness();
    void t.run('heavy', 'a', 'a0');
    for (let i = 1; i <= 10; i++) void t.run('heavy', 'a', `a${i}`);
    void t.run('heavy', 'b', 'b1');
    void t.run('heavy', 'b', 'b2');
    await t.finish('a0', 'a1', 'b1', 'a2', 'b2');
    expect(t.log).toEqual(['a0', 'a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('lets one heavy operation through after every `heavyEvery` interactive ones while both wait', async () => {
    const t = harness({ heavyEvery: 2 });
    void t.run('interactive', 'x', 'i0');
    void t.run('heavy', 'r', 'h1');
    void t.run('heavy', 'r', 'h2');
    for (let i = 1; i <= 5; i++) void t.run('interactive', `v${i}`, `i${i}`);
    await t.finish('i0', 'i1', 'i2', 'h1', 'i3', 'i4', 'h2');
    expect(t.log).toEqual(['i0', 'i1', 'i2', 'h1', 'i3', 'i4', 'h2', 'i5']);
    expect(t.gate.stats().started).toEqual({ interactive: 6, heavy: 2 });
  });

  it('queues a newcomer while a pick is due, so the pick decides and priority holds', async () => {
    const t = harness();
    void t.run('heavy', 'r', 'h1');
    void t.run('interactive', 'v', 'i1');
    t.log.length = 0;
    // h1 settles; before the deferred pick runs, the reviewer's next statement arrives.
    await t.finish('h1');
    expect(t.log).toEqual(['i1']);
    void t.run('heavy', 'r', 'h2');
    expect(t.log).toEqual(['i1']);
    await t.finish('i1');
    expect(t.log).toEqual(['i1', 'h2']);
  });

  it('frees the place when an operation fails or throws', async () => {
    const gate = new FairGate({ defer: (fn) => void setImmediate(fn) });
    const turn = { lane: 'heavy' as const, key: () => 'r' };
    await expect(gate.run(turn, () => Promise.reject(new Error('bad statement')))).rejects.toThrow('bad statement');
    await expect(
      gate.run(turn, () => {
        throw new Error('thrown');
      }),
    ).rejects.toThrow('thrown');
    expect(await gate.run(turn, async () => 42)).toBe(42);
    await new Promise((r) => setImmediate(r));
    expect(gate.stats()).toMatchObject({ running: 0, started: { heavy: 3 } });
  });

  it('admits `capacity` operations at once', async () => {
    const t = harness({ capacity: 2 });
    void t.run('heavy', 'a', 'a1');
    void t.run('heavy', 'a', 'a2');
    void t.run('heavy', 'a', 'a3');
    t.pick();
    expect(t.log).toEqual(['a1', 'a2']);
    await t.finish('a2');
    expect(t.log).toEqual(['a1', 'a2', 'a3']);
  });
});
