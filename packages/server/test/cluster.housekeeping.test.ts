/**
 * The housekeeping sweep with three servers over one PostgreSQL database: one sweep per turn across
 * them all, and the duty passes on when the sweeping server stops. PostgreSQL only (with PGlite one
 * process owns the database and always sweeps).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { startSecondInstance, type Instance } from './instances.js';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('housekeeping across instances (PostgreSQL)', () => {
  const h = useHarness({ settings: { deploySecret: 'one-secret-for-the-cluster' } });
  let b: Instance;
  let c: Instance;
  beforeAll(async () => {
    b = await startSecondInstance(h, 'one-secret-for-the-cluster');
    c = await startSecondInstance(h, 'one-secret-for-the-cluster');
  });
  afterAll(async () => {
    await b?.close();
    await c?.close();
  });

  it('sweeps once per turn across three servers, even when they all tick at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const turns = await Promise.all([h.app.housekeeping.tick(), b.app.housekeeping.tick(), c.app.housekeeping.tick()]);
      expect(turns.filter((t) => t === 'swept')).toHaveLength(1);
      expect(turns.filter((t) => t === 'skipped')).toHaveLength(2);
    }
  });

  it('the sweep still removes what has expired, and another server takes the duty when the sweeping one stops', async () => {
    const servers = [h.app, b.app, c.app];
    const turns = await Promise.all(servers.map((app) => app.housekeeping.tick()));
    const leader = servers[turns.indexOf('swept')]!;
    const others = servers.filter((app) => app !== leader);

    const day = 24 * 3600_000;
    await h.query(
      `INSERT INTO tokens (token_hash, family_id, user_id, created_at, expires_at)
       SELECT 'expired-' || md5(random()::text), 'f', id, $1, $1 FROM users LIMIT 1`,
      [Date.now() - 3 * day],
    );
    expect(await Promise.all(servers.map((app) => app.housekeeping.tick()))).toContain('swept');
    expect(await h.query(`SELECT 1 FROM tokens WHERE token_hash LIKE 'expired-%'`)).toHaveLength(0);

    await leader.housekeeping.stop();
    const after = await Promise.all(others.map((app) => app.housekeeping.tick()));
    expect(after.filter((t) => t === 'swept')).toHaveLength(1);
  });
});
