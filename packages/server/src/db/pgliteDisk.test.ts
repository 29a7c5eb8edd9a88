import fs, { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDurablePglite } from './pgliteDisk.js';

const root = mkdtempSync(path.join(tmpdir(), 'ds-pglite-disk-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('PGlite on disk', () => {
  it('makes its cluster aside, runs with fsync on, and each commit reaches the disk through a real fsync', async () => {
    const dataDir = path.join(root, 'data', 'pgdata');
    const db = await openDurablePglite(dataDir);
    try {
      // The cluster was made in pgdata.new and renamed into place: nothing is left beside it.
      expect(readdirSync(path.dirname(dataDir))).toEqual(['pgdata']);
      const { rows } = await db.query<{ name: string; setting: string }>(`SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'wal_sync_method') ORDER BY name`);
      expect(rows).toEqual([
        { name: 'fsync', setting: 'on' },
        { name: 'wal_sync_method', setting: 'fsync' },
      ]);
      await db.exec('CREATE TABLE kept (v text)');
      // NODEFS's fsync calls Node's fs.fsyncSync: count the calls one commit makes.
      const real = fs.fsyncSync;
      let syncs = 0;
      fs.fsyncSync = (fd) => {
        syncs++;
        real(fd);
      };
      try {
        await db.query(`INSERT INTO kept VALUES ('一')`);
      } finally {
        fs.fsyncSync = real;
      }
      expect(syncs).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
    const again = await openDurablePglite(dataDir);
    try {
      expect((await again.query('SELECT v FROM kept')).rows).toEqual([{ v: '一' }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('refuses a folder that holds files but no cluster, rather than making one over them', async () => {
    const dataDir = path.join(root, 'other', 'pgdata');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'notes.txt'), 'not a database');
    await expect(openDurablePglite(dataDir)).rejects.toThrow(/PG_VERSION/);
  });
});
