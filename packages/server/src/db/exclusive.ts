/**
 * One holder at a time across every server process over one database: a PostgreSQL session advisory
 * lock held on a connection of its own while `fn` runs on the pool, or an in-process lock with PGlite
 * (which one process owns). The lock's key is the name within the current schema, so test schemas and
 * deployments sharing a cluster stay apart. A lock connection the database cuts frees the lock: `fn`
 * goes on, and the next holder may start (what runs under it must stay correct then, e.g. the
 * migrations' own table lock).
 */
import type pg from 'pg';

export type ExclusiveResult<T> = { ran: true; value: T } | { ran: false };

export interface ExclusiveOptions {
  /** `true` (default): wait for the holder to finish; `false`: give up at once when it is held. */
  wait?: boolean;
}

export type Exclusive = <T>(name: string, fn: () => Promise<T>, options?: ExclusiveOptions) => Promise<ExclusiveResult<T>>;

/** The advisory lock's key: `hashtext` of `<schema>:<name>` (an int4, widened to the bigint form). */
const KEY = `hashtext(current_schema() || ':' || $1)`;

export function postgresExclusive(pool: pg.Pool): Exclusive {
  return async (name, fn, options = {}) => {
    const conn = await pool.connect();
    let broken: Error | undefined;
    conn.on('error', (err) => (broken = err));
    try {
      if (options.wait === false) {
        const { rows } = await conn.query<{ got: boolean }>(`SELECT pg_try_advisory_lock(${KEY}) AS got`, [name]);
        if (!rows[0]?.got) return { ran: false };
      } else {
        await conn.query(`SELECT pg_advisory_lock(${KEY})`, [name]);
      }
      try {
        return { ran: true, value: await fn() };
      } finally {
        await conn.query(`SELECT pg_advisory_unlock(${KEY})`, [name]).catch((err: Error) => (broken = err));
      }
    } finally {
      // A connection that failed may still hold the lock: destroy it rather than pool it.
      conn.release(broken);
    }
  };
}

export function inProcessExclusive(): Exclusive {
  const held = new Map<string, Promise<unknown>>();
  return async (name, fn, options = {}) => {
    for (let current = held.get(name); current; current = held.get(name)) {
      if (options.wait === false) return { ran: false };
      await current.catch(() => undefined);
    }
    const running = fn();
    held.set(name, running);
    try {
      return { ran: true, value: await running };
    } finally {
      held.delete(name);
    }
  };
}
