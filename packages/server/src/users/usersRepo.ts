/** SQL for users, their roles, organisations and audit-person entries. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { auditPersons, organisations, userRoles, users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type OrgRow = typeof organisations.$inferSelect;
export type RoleRow = typeof userRoles.$inferSelect;

export class UsersRepo {
  constructor(private readonly db: Orm) {}

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
      const [row]: OrgRow[] = await this.db.select().from(organisations).where(eq(organisations.id, next)).limit(1);
      if (!row) break;
      chain.push(row);
      next = row.parentId;
    }
    return chain;
  }

  async orgsByIds(ids: string[]): Promise<OrgRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(organisations).where(inArray(organisations.id, ids));
  }

  async isAuditPerson(userId: string): Promise<boolean> {
    const rows = await this.db
      .select({ userId: auditPersons.userId })
      .from(auditPersons)
      .where(and(eq(auditPersons.userId, userId)))
      .limit(1);
    return rows.length > 0;
  }
}
