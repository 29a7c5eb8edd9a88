/**
 * Heavy routes: paged lists, statistics and exports — the calls that cost the database the most per
 * request and that one caller can fire many of at once. A route says so where it is declared:
 *
 *   app.post(`${AUDIT}/getAuditWorkPage`, heavy({ ...gate, schema }), handler)
 *
 * and app.ts gives every such route the caller's concurrency places (heavyLimits.ts) and, unless the
 * route is public, the database's heavy lane (db/fairGate.ts). test/heavyRoutes.test.ts walks every
 * route: a paged list, an export or a statistics call that is not declared heavy fails it.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** A list, page, statistics or export route (http/heavyRoutes.ts). */
    heavy?: boolean;
  }
}

/** The route's options with `config.heavy` set (the options' own `config` kept). */
export function heavy<O extends object>(options: O): O {
  return { ...options, config: { ...(options as { config?: object }).config, heavy: true } };
}

/** The database lane of a request on a route with this config: public pages stay interactive. */
export function laneOf(config: { heavy?: boolean; public?: boolean } | undefined): 'heavy' | 'interactive' {
  return config?.heavy && !config.public ? 'heavy' : 'interactive';
}
