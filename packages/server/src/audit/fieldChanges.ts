/** The fields that differ between two snapshots of a record, as `{ field: { before, after } }`. */
import type { FieldChange } from '../db/schema/audit.js';
import type { AuditFields } from './auditSpec.js';

export function fieldChanges(before: AuditFields | undefined, after: AuditFields | undefined): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const was = before?.[key] ?? null;
    const is = after?.[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[key] = { before: was, after: is };
  }
  return changes;
}
