/** SQL for users, their roles, organisations and audit-person entries. */
import { eq } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { organisations, userRoles, users } from '../db/schema.js';
import { TtlCache } from '../util/ttlCache.js';

export type UserRow = typeof users.$inferSelect;
export type OrgRow = typeof organisations.$inferSelect;
export type RoleRow = typeof userRoles.$inferSelect;

/** Organisations are read on every `user/current`; their names and tree change rarely. */
const ORG_CACHE_MS = 60_000;

export class UsersRepo {
  private readonly orgs = new TtlCache<OrgRow | undefined>(ORG_CACHE_MS);

  constructor(private readonly db: Orm) {}

  orgById(id: string): Promise<OrgRow | undefined> {
    return this.orgs.get(id, async () => {
      const [row] = await this.db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
      return row;
    });
  }

  async byUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.username, username)).limit(1);
    return row;
  }

  async byId(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async roles(userId: string): Promise<RoleRow[]> {
    return this.db.select().from(userRoles).where(eq(userRoles.userId, userId)).orderBy(userRoles.level, userRoles.roleCode);
  }

  /** The organisation and all its ancestors, nearest first. */
  async orgChain(orgId: string): Promise<OrgRow[]> {
    const chain: OrgRow[] = [];
    let next: string | null = orgId;
    const seen = new Set<string>();
    while (next && !seen.has(next) && chain.length < 10) {
      seen.add(next);
      const row: OrgRow | undefined = await this.orgById(next);
      if (!row) break;
      chain.push(row);
      next = row.parentId;
    }
    return chain;
  }

  async orgsByIds(ids: string[]): Promise<OrgRow[]> {
    const rows = await Promise.all([...new Set(ids)].map((id) => this.orgById(id)));
    return rows.filter((row): row is OrgRow => row !== undefined);
  }
}
