/** The audit log: appended by the audit hook, read by the audit screen. Never updated or deleted. */
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { newId } from '../db/ids.js';
import { containsPattern, paged, type Page, type PageRequest } from '../db/rows.js';
import type { AuditEntry, AuditFilter as SdkAuditFilter, AuditRecord } from '@dscloud/sdk/audit';
import { auditLog } from '../db/schema.js';

export type { AuditEntry, AuditRecord };

/** The body of `auditLog/page`, paged. */
export type AuditFilter = SdkAuditFilter & PageRequest;

export class AuditRepo {
  constructor(private readonly db: Orm) {}

  async append(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.insert(auditLog).values(entries.map((e) => ({ id: newId('au'), ...e })));
  }

  page(filter: AuditFilter): Promise<Page<AuditRecord>> {
    const where = and(...conditions(filter));
    return paged(
      filter,
      (limit, offset) => this.db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(auditLog).where(where))[0]?.n ?? 0,
    );
  }

  /** Every action recorded so far, for the screen's filter. */
  async actions(): Promise<string[]> {
    const found = await this.db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
    return found.map((r) => r.action);
  }
}

function conditions(f: AuditFilter): SQL[] {
  const where: SQL[] = [];
  if (f.actorUserId) where.push(eq(auditLog.actorUserId, f.actorUserId));
  if (f.keyword) where.push(ilike(auditLog.actorName, containsPattern(f.keyword)));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.entity) where.push(eq(auditLog.entity, f.entity));
  if (f.entityId) where.push(eq(auditLog.entityId, f.entityId));
  if (f.from !== undefined) where.push(gte(auditLog.at, f.from));
  if (f.to !== undefined) where.push(lte(auditLog.at, f.to));
  return where;
}
