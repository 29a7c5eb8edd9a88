import type { Platform } from '@dscloud/sdk';
import type { AuditFilter, AuditRecord, FieldChange } from '@dscloud/sdk/audit';

export type { AuditFilter, AuditRecord, FieldChange };

/** The audit screen's calls (city bureau only; read-only: the log cannot be changed by any call). */
export function auditLogApi(platform: Platform) {
  const { http, paths } = platform;
  const cs = (path: string) => paths.cloudSchool(`/v1/auditLog/${path}`);
  return {
    page: (filter: AuditFilter) => http.post<{ rows: AuditRecord[]; total: number }>(cs('page'), filter),
    actions: () => http.get<string[]>(cs('actions'), undefined, { silent: true }),
  };
}
