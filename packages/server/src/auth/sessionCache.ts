/**
 * Who a token stands for (its row, its user, the user's roles), kept in memory so that a protected
 * request does not query the database. Correctness rests on three things:
 * - every write to `tokens`, `users` or `user_roles` reaches this process at its commit through the
 *   invalidation bus (triggers of migration 0077), and drops the entries it concerns;
 * - a load that started before such a message is not stored (a generation count), so a reply read
 *   just before a revocation cannot outlive it;
 * - expiry and the rotation grace are checked against the clock on every hit.
 * While the bus is not live (its PostgreSQL connection is down) nothing is read from or kept here.
 * Entries also end after `SESSION_CACHE_TTL_MS` whatever happens, a bound on any staleness.
 */
import { LRUCache } from 'lru-cache';
import type { InvalidationBus } from '../cache/invalidationBus.js';
import { keyBytes, lruStats, valueBytes, type CacheStats, type MeasuredCache } from '../util/cacheStats.js';
import type { RoleRow, UserRow, UsersRepo } from '../users/usersRepo.js';
import { sha256, type TokenRow, type TokenService } from './tokenService.js';

export interface Session {
  row: TokenRow;
  user: UserRow | undefined;
  roles: RoleRow[];
}

export const SESSION_CACHE_TTL_MS = 10_000;
export const SESSION_CACHE_MAX_ENTRIES = 20_000;
export const SESSION_CACHE_MAX_BYTES = 16 * 1024 * 1024;

export class SessionCache implements MeasuredCache {
  private readonly entries: LRUCache<string, Session>;
  /** Bumped by every invalidation; a load that saw another value does not store its answer. */
  private generation = 0;
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly tokens: TokenService,
    private readonly users: UsersRepo,
    private readonly bus: InvalidationBus,
    ttlMs = SESSION_CACHE_TTL_MS,
  ) {
    this.entries = new LRUCache<string, Session>({
      max: SESSION_CACHE_MAX_ENTRIES,
      maxSize: SESSION_CACHE_MAX_BYTES,
      sizeCalculation: (value, key) => Math.max(1, keyBytes(key) + valueBytes(value)),
      ttl: ttlMs,
    });
    this.unsubscribe = [
      bus.subscribe('token', (hash) => (hash === '*' ? this.drop(() => true) : this.forget([hash]))),
      bus.subscribe('user', (id) => this.drop(id === '*' ? () => true : (_key, s) => s.row.userId === id)),
      bus.onReset(() => this.drop(() => true)),
      tokens.onChange((hashes) => this.forget(hashes)),
    ];
  }

  /** The session of a presented token, or the catalogue error saying why it is not usable. */
  async resolve(token: string): Promise<Session> {
    const hash = sha256(token);
    const live = this.bus.live;
    const hit = live ? this.entries.get(hash) : undefined;
    if (hit) {
      this.tokens.assertUsable(hit.row);
      return hit;
    }
    const generation = this.generation;
    const { row, user } = await this.tokens.resolveWithUser(token);
    const session: Session = { row, user, roles: user ? await this.users.roles(user.id) : [] };
    if (live && this.bus.live && generation === this.generation && user) this.entries.set(hash, session);
    return session;
  }

  private forget(tokenHashes: string[]): void {
    this.generation += 1;
    for (const hash of tokenHashes) this.entries.delete(hash);
  }

  private drop(matches: (key: string, session: Session) => boolean): void {
    this.generation += 1;
    if (this.entries.size === 0) return;
    const doomed: string[] = [];
    for (const [key, session] of this.entries.entries()) if (matches(key, session)) doomed.push(key);
    for (const key of doomed) this.entries.delete(key);
  }

  close(): void {
    for (const off of this.unsubscribe) off();
    this.entries.clear();
  }

  stats(): CacheStats {
    return lruStats(this.entries, SESSION_CACHE_MAX_ENTRIES, SESSION_CACHE_MAX_BYTES);
  }
}
