/**
 * The order a drag leaves behind: the ids with `active` moved to where `over` was. Pure, so the
 * sortable table and its tests agree on what updateSort is sent.
 */
export function reorderIds(ids: readonly string[], active: string, over: string | null | undefined): string[] | null {
  if (!over || active === over) return null;
  const from = ids.indexOf(active);
  const to = ids.indexOf(over);
  if (from < 0 || to < 0) return null;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, active);
  return next;
}
