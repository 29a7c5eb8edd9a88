/**
 * The part of the organisation tree a back-office user may see and change. The city bureau's
 * administrators (and CC_YXGLY) reach everything; a district or school administrator (or researcher)
 * reaches the organisation their role is held in and everything under it. Lists filter by
 * `orgIds`; actions on one record check `covers` through `assertInScope`, so a district administrator
 * who guesses another district's lesson id is refused.
 */
import { sql } from 'drizzle-orm';
import { Codes } from '@dscloud/sdk/errors';
import type { Orm } from '../db/database.js';
import type { InvalidationBus } from '../cache/invalidationBus.js';
import { rows } from '../db/rows.js';
import { AppError } from '../http/appError.js';
import type { RoleRow } from '../users/usersRepo.js';
import { TtlCache } from '../util/ttlCache.js';
import { PLATFORM_WIDE_ROLES, ROLES_BY_ACCESS } from './roles.js';

export interface OrgScope {
  /** The whole platform. */
  readonly all: boolean;
  /** Every organisation in reach (roots and descendants); empty when `all`. */
  readonly orgIds: readonly string[];
  covers(orgId: string | null | undefined): boolean;
}

export const WHOLE_PLATFORM: OrgScope = { all: true, orgIds: [], covers: () => true };

export function scopeOf(orgIds: Iterable<string>): OrgScope {
  const set = new Set(orgIds);
  return { all: false, orgIds: [...set], covers: (orgId) => typeof orgId === 'string' && set.has(orgId) };
}

/** The organisations at and under `roots` (one recursive query; the tree is a few levels deep). */
export async function subtreeOf(db: Orm, roots: readonly string[]): Promise<string[]> {
  if (roots.length === 0) return [];
  const found = await rows<{ id: string }>(
    db,
    sql`WITH RECURSIVE reach(id) AS (
          SELECT id FROM organisations WHERE id IN (${sql.join(roots.map((r) => sql`${r}`), sql`, `)})
          UNION
          SELECT o.id FROM organisations o JOIN reach r ON o.parent_id = r.id
        )
        SELECT id FROM reach`,
  );
  return found.map((r) => r.id);
}

/**
 * The tree changes rarely while every back-office call needs its caller's subtree: one cache per
 * database, keyed by the roots. Every write to `organisations` drops it on every server through the
 * invalidation bus (migration 0098, topic `org`), so a school moved to another district is out of the
 * old district's reach on the next request; while a watching bus is not live the tree is read on
 * every call. Without a bus (scripts) an entry lives `SUBTREE_CACHE_MS`.
 */
const SUBTREE_CACHE_MS = 60_000;

interface Subtrees {
  cache: TtlCache<string[]>;
  buses: Set<InvalidationBus>;
}
const subtrees = new WeakMap<Orm, Subtrees>();

function subtreesOf(db: Orm): Subtrees {
  let found = subtrees.get(db);
  if (!found) subtrees.set(db, (found = { cache: new TtlCache<string[]>(SUBTREE_CACHE_MS, 1_000), buses: new Set() }));
  return found;
}

/** Puts the subtree cache of `db` on `bus`; answers the function that takes it off (the server's close). */
export function watchOrganisations(db: Orm, bus: InvalidationBus): () => void {
  const state = subtreesOf(db);
  const drop = () => state.cache.invalidate();
  const off = [bus.subscribe('org', drop), bus.onReset(drop)];
  state.buses.add(bus);
  return () => {
    for (const f of off) f();
    state.buses.delete(bus);
  };
}

/** `subtreeOf` from memory while the bus is live (dropped by any write to `organisations`). */
export function cachedSubtreeOf(db: Orm, roots: readonly string[]): Promise<string[]> {
  const state = subtreesOf(db);
  for (const bus of state.buses) if (!bus.live) return subtreeOf(db, roots);
  return state.cache.get([...roots].sort().join(','), () => subtreeOf(db, roots));
}

/** The scope of a user's roles among `allowed` (the roles that open the route). */
export async function scopeFor(db: Orm, roles: readonly RoleRow[], allowed: readonly string[]): Promise<OrgScope> {
  const opening = roles.filter((r) => allowed.includes(r.roleCode));
  if (opening.some((r) => (PLATFORM_WIDE_ROLES as readonly string[]).includes(r.roleCode))) return WHOLE_PLATFORM;
  const roots = opening.map((r) => r.orgId).filter((id): id is string => typeof id === 'string' && id !== '');
  return scopeOf(await cachedSubtreeOf(db, roots));
}

/**
 * An administrator's reach where no `managed()` route put it on the request (lesson, tool document
 * and file calls): the subtree of their administrator roles, exactly what `managed(ctx, 'write')`
 * computes. Reads of what is not public (unpublished lessons, documents, uploads) use it as writes do.
 */
export function adminScope(db: Orm, roles: readonly RoleRow[]): Promise<OrgScope> {
  return scopeFor(db, roles, ROLES_BY_ACCESS.write);
}

/** Refuses a record outside the caller's subtree (403, naming the field when there is one). */
export function assertInScope(scope: OrgScope | null, orgId: string | null | undefined, field?: string): void {
  if (scope && scope.covers(orgId)) return;
  throw new AppError(Codes.FORBIDDEN, '不在您的管理范围内', { field });
}
