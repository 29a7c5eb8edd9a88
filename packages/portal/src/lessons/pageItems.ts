/** What a numbered pager shows: page numbers, and a gap where pages are left out. */
export type PageItem = number | 'gap-before' | 'gap-after';

/**
 * The pages a pager lists for page `current` of `pages` (antd's Pagination rule): all of them up to 7;
 * beyond that the first and the last, the current one with two on each side, and a gap for the rest
 * (near either end, the first or last five pages).
 */
export function pageItems(current: number, pages: number): PageItem[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const at = Math.min(Math.max(current, 1), pages);
  let from = Math.max(2, at - 2);
  let to = Math.min(pages - 1, at + 2);
  if (at <= 4) [from, to] = [2, 5];
  if (at >= pages - 3) [from, to] = [pages - 4, pages - 1];
  const items: PageItem[] = [1];
  if (from > 2) items.push('gap-before');
  for (let page = from; page <= to; page++) items.push(page);
  if (to < pages - 1) items.push('gap-after');
  items.push(pages);
  return items;
}
