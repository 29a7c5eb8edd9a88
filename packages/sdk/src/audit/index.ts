/**
 * The audit log, once for every client: the shapes of `/v1/auditLog/*` (docs/api.md "Audit log").
 * The server writes and answers them; the back-office audit screen reads them.
 */

/** One changed field: its value before and after the call (null when it did not exist). */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/** What the audit hook appends for one record a call changed. */
export interface AuditEntry {
  at: number;
  actorUserId: string | null;
  actorName: string;
  actorRoles: string[];
  ip: string;
  action: string;
  entity: string;
  entityId: string;
  changes: Record<string, FieldChange>;
}

/** One row of the log: who did what to which record, when, from where, and what changed. */
export interface AuditRecord extends AuditEntry {
  id: string;
}

/** Body of `auditLog/page`. */
export interface AuditFilter {
  pageNum?: number;
  pageSize?: number;
  actorUserId?: string;
  /** Part of the actor's name. */
  keyword?: string;
  action?: string;
  entity?: string;
  entityId?: string;
  from?: number;
  to?: number;
}
