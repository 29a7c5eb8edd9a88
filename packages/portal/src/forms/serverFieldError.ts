import type { FormInstance } from 'antd';

/** A form field path as antd names it: `['resources', 1, 'title']`. */
export type FieldPath = (string | number)[];

/**
 * The parameter a failed call names. The server sends it as `data.field` of the error envelope
 * (`title`, `resources[1].title`); the SDK's error carries it as `field`.
 */
export function serverField(error: unknown): string | null {
  const field = error !== null && typeof error === 'object' ? (error as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field !== '' ? field : null;
}

/** `resources[1].title` → `['resources', 1, 'title']`. */
export function pathOf(field: string): FieldPath {
  return field
    .split(/\.|\[(\d+)\]/)
    .filter((part): part is string => part !== undefined && part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Shows a failed save's message under the field the server named and focuses it. `toPath` maps the
 * server's parameter to the form's field (null: the form does not show it). Answers whether a field
 * was marked; when not, the caller shows the message for the form as a whole.
 */
export function markServerError<V>(form: FormInstance<V>, error: unknown, toPath: (field: string) => FieldPath | null = pathOf): boolean {
  const field = serverField(error);
  const path = field === null ? null : toPath(field);
  if (!path) return false;
  const text = error instanceof Error ? error.message : String(error);
  form.setFields([{ name: path as never, errors: [text] }]);
  form.scrollToField(path, { focus: true });
  return true;
}
