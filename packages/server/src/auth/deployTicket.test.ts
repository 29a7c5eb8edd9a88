import { describe, expect, it } from 'vitest';
import { readDeployTicket, signDeployTicket } from './deployTicket.js';

const now = 1_800_000_000_000;
const inFive = now / 1000 + 300;

describe('deploy tickets', () => {
  it('accepts its own signature before expiry, Chinese names included', () => {
    expect(readDeployTicket('s', signDeployTicket('s', '张老师', inFive), now)?.username).toBe('张老师');
  });

  it('refuses another secret, expiry, far-future expiry and malformed input', () => {
    expect(readDeployTicket('s', signDeployTicket('t', 'teacher', inFive), now)).toBeNull();
    expect(readDeployTicket('s', signDeployTicket('s', 'teacher', now / 1000), now)).toBeNull();
    expect(readDeployTicket('s', signDeployTicket('s', 'teacher', now / 1000 + 7 * 86400), now)).toBeNull();
    for (const bad of ['', 'a.b', 'a.b.c.d', 'dGVhY2hlcg.12x.abc', '..']) expect(readDeployTicket('s', bad, now)).toBeNull();
  });
});
