import type { CoverNodeQuery, CoverNodeRow } from '@dscloud/sdk/review';

/** Page size of the heat map's reads, and the most nodes it draws (a city activity's books hold ~2 000). */
export const COVER_PAGE = 100;
export const COVER_CAP = 3000;

export interface AllCoverNodes {
  rows: CoverNodeRow[];
  total: number;
  /** More nodes than `COVER_CAP`: the heat map shows the first ones and says so. */
  truncated: boolean;
}

/**
 * Every node of a stage and subject for the heat map, read page by page in curriculum order (the node
 * table beside it pages the same call for people).
 */
export async function allCoverNodes(
  load: (query: CoverNodeQuery) => Promise<{ rows: CoverNodeRow[]; total: number }>,
  query: Omit<CoverNodeQuery, 'pageNum' | 'pageSize'>,
  cap = COVER_CAP,
): Promise<AllCoverNodes> {
  const rows: CoverNodeRow[] = [];
  let total: number;
  for (let pageNum = 1; ; pageNum += 1) {
    const page = await load({ ...query, pageNum, pageSize: COVER_PAGE });
    total = page.total;
    rows.push(...page.rows);
    if (page.rows.length < COVER_PAGE || rows.length >= total || rows.length >= cap) break;
  }
  return { rows: rows.slice(0, cap), total, truncated: total > cap };
}
