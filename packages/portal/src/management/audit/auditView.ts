/** How the audit screen shows a row: the filter as the server takes it, and values as text. */
import type { AuditFilter, FieldChange } from '../../api/auditLog';
import type { TableSpec, TableState } from '../kit';

export const AUDIT_SPEC = {
  filters: { keyword: 'text', action: 'text', entityId: 'text', time: 'range' },
} as const satisfies TableSpec<{ keyword: 'text'; action: 'text'; entityId: 'text'; time: 'range' }>;

export type AuditFilters = typeof AUDIT_SPEC.filters;

export function toAuditFilter(state: TableState<AuditFilters>): AuditFilter {
  const { keyword, action, entityId, time } = state.filters;
  return {
    pageNum: state.page,
    pageSize: state.pageSize,
    ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
    ...(action ? { action } : {}),
    ...(entityId?.trim() ? { entityId: entityId.trim() } : {}),
    ...(time ? { from: time[0], to: time[1] } : {}),
  };
}

/** A changed value as one line of text: absent values show as a dash, objects as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface ChangeRow {
  field: string;
  before: string;
  after: string;
}

export function changeRows(changes: Record<string, FieldChange>): ChangeRow[] {
  return Object.entries(changes).map(([field, change]) => ({ field, before: valueText(change.before), after: valueText(change.after) }));
}
