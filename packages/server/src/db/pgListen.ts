/**
 * A dedicated PostgreSQL connection that LISTENs on one channel and comes back by itself when it is
 * lost (a database restart, a cut network). Pooled connections cannot listen: the pool hands them to
 * other queries. `onState(false)` is called as soon as the connection is known lost, `onState(true)`
 * once it listens again, so that caches can stop trusting what they hold in between.
 */
import pg from 'pg';

export interface ListenHandlers {
  payload(payload: string): void;
  state(listening: boolean): void;
}

/** How the listening connections show in `pg_stat_activity` (followed by the schema, when one is set). */
export const LISTENER_NAME = 'ds-invalidation';
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

export function listenPostgres(url: string, channel: string, handlers: ListenHandlers, schemaName?: string): { ready: Promise<void>; stop(): Promise<void> } {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let firstReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    firstReady = resolve;
  });

  const lost = (conn: pg.Client) => {
    if (client !== conn) return;
    client = undefined;
    conn.removeAllListeners('notification');
    conn.end().catch(() => undefined);
    handlers.state(false);
    schedule();
  };

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
  };

  async function connect(): Promise<void> {
    const conn = new pg.Client({ connectionString: url, keepAlive: true, application_name: schemaName ? `${LISTENER_NAME} ${schemaName}` : LISTENER_NAME });
    conn.on('error', () => lost(conn));
    conn.on('end', () => lost(conn));
    conn.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.payload(message.payload);
    });
    client = conn;
    try {
      await conn.connect();
      await conn.query(`LISTEN "${channel}"`);
      if (stopped || client !== conn) {
        await conn.end().catch(() => undefined);
        return;
      }
      retryMs = RETRY_MIN_MS;
      handlers.state(true);
      firstReady();
    } catch {
      lost(conn);
    }
  }

  void connect();
  return {
    ready,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const conn = client;
      client = undefined;
      if (conn) {
        conn.removeAllListeners();
        conn.on('error', () => undefined);
        await conn.end().catch(() => undefined);
      }
    },
  };
}
