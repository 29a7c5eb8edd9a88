/**
 * Reordering by drag: a slide moves only among the slides of its own level (the city's, or one
 * organisation's), and only while the table shows the whole list, since `carouselImage/sort` puts the
 * ids it gets first and the rest of the level after them.
 */
export interface Ordered {
  carouselImageId: string;
  orgId: string | null;
}

/**
 * The ids of the moved slide's level in their new order, or null when the move is not one (same place,
 * unknown ids, or onto another level).
 */
export function levelOrderAfterMove(rows: readonly Ordered[], activeId: string, overId: string): string[] | null {
  if (activeId === overId) return null;
  const active = rows.find((r) => r.carouselImageId === activeId);
  const over = rows.find((r) => r.carouselImageId === overId);
  if (!active || !over || active.orgId !== over.orgId) return null;
  const level = rows.filter((r) => r.orgId === active.orgId).map((r) => r.carouselImageId);
  const from = level.indexOf(activeId);
  const to = level.indexOf(overId);
  const next = [...level];
  next.splice(from, 1);
  next.splice(to, 0, activeId);
  return next;
}

/** Dragging is offered when the page holds every slide the filters would show and nothing is filtered. */
export function canDragSort(state: { page: number; filters: Record<string, unknown> }, total: number, pageSize: number): boolean {
  return state.page === 1 && Object.keys(state.filters).length === 0 && total <= pageSize;
}
