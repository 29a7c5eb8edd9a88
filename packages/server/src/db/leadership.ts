/**
 * One process of those over a database leads a named duty (the housekeeping sweep): the one that
 * holds a PostgreSQL session advisory lock on a connection of its own. The lock goes with the
 * connection, so when the leader stops or dies (its connection ends) another process takes the duty
 * at its next `holds()`. With PGlite the one process always leads.
 */
import pg from 'pg';

export interface Leadership {
  /** True while this process leads: takes the lead when it is free, checks the connection when held. */
  holds(): Promise<boolean>;
  /** Gives the lead up (closing its connection). */
  release(): Promise<void>;
}

export const alwaysLeader = (): Leadership => ({
  holds: async () => true,
  release: async () => undefined,
});

export function postgresLeadership(url: string, name: string, schemaName?: string): Leadership {
  let held: pg.Client | undefined;
  const drop = async (conn: pg.Client) => {
    if (held === conn) held = undefined;
    await conn.end().catch(() => undefined);
  };
  return {
    async holds() {
      if (held) {
        const conn = held;
        try {
          await conn.query('SELECT 1');
          return true;
        } catch {
          await drop(conn);
          return false;
        }
      }
      const conn = new pg.Client({
        connectionString: url,
        application_name: `ds-lead ${name}`,
        ...(schemaName ? { options: `-c search_path="${schemaName}"` } : {}),
      });
      conn.on('error', () => void drop(conn));
      try {
        await conn.connect();
        const { rows } = await conn.query<{ got: boolean }>(`SELECT pg_try_advisory_lock(hashtext(current_schema() || ':lead:' || $1)) AS got`, [name]);
        if (rows[0]?.got) {
          held = conn;
          return true;
        }
      } catch {
        // The database is unreachable: not leading; the next call tries again.
      }
      await drop(conn);
      return false;
    },
    async release() {
      if (held) await drop(held);
    },
  };
}
