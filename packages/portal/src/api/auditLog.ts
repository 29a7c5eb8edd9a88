import type { Platform } from '@dscloud/sdk';

export interface FieldChange {
  before: unknown;
  after: unknown;
}

/** One row of the audit log: who did what to which record, when, from where, and what changed. */
export interface AuditRecord {
  id: string;
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

export interface AuditFilter {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  action?: string;
  entityId?: string;
  from?: number;
  to?: number;
}

/** The audit screen's calls (city bureau only; read-only: the log cannot be changed by any call). */
export function auditLogApi(platform: Platform) {
  const { http, paths } = platform;
  const cs = (path: string) => paths.cloudSchool(`/v1/auditLog/${path}`);
  return {
    page: (filter: AuditFilter) => http.post<{ rows: AuditRecord[]; total: number }>(cs('page'), filter),
    actions: () => http.get<string[]>(cs('actions'), undefined, { silent: true }),
  };
}
