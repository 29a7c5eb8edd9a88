import { describe, expect, it } from 'vitest';
import { inProcessExclusive } from './exclusive.js';

/** A promise the test settles by hand, so no test waits for time. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('in-process exclusive (PGlite)', () => {
  it('runs holders of one name one after another and gives up at once when asked not to wait', async () => {
    const exclusive = inProcessExclusive();
    const order: string[] = [];
    const first = gate();
    const a = exclusive('sweep', async () => {
      order.push('a start');
      await first.promise;
      order.push('a end');
      return 'a';
    });
    const b = exclusive('sweep', async () => {
      order.push('b');
      return 'b';
    });
    expect(await exclusive('sweep', async () => 'c', { wait: false })).toEqual({ ran: false });
    expect(await exclusive('other', async () => 'd', { wait: false })).toEqual({ ran: true, value: 'd' });
    first.open();
    expect(await a).toEqual({ ran: true, value: 'a' });
    expect(await b).toEqual({ ran: true, value: 'b' });
    expect(order).toEqual(['a start', 'a end', 'b']);
  });

  it('frees the name when the holder throws', async () => {
    const exclusive = inProcessExclusive();
    await expect(exclusive('migrate', async () => Promise.reject(new Error('broken file')))).rejects.toThrow('broken file');
    expect(await exclusive('migrate', async () => 1, { wait: false })).toEqual({ ran: true, value: 1 });
  });
});
