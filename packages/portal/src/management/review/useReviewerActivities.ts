import type { ReviewerActivityRow } from '@dscloud/sdk/review';
import { useAsync } from '../../lessons/useAsync';
import type { AuditLevelOption, ReviewApi } from '../../api/review';

export interface ReviewerActivity {
  activity: Pick<ReviewerActivityRow, 'activityId' | 'name' | 'phase'>;
  /** The levels the reviewer is assigned at, with the quota used and left. */
  levels: AuditLevelOption[];
}

/** The published activities the signed-in reviewer is assigned to (one call; the server orders those under review first). */
export async function reviewerActivities(api: ReviewApi): Promise<ReviewerActivity[]> {
  const rows = await api.myActivities();
  return rows.map((r) => ({ activity: { activityId: r.activityId, name: r.name, phase: r.phase }, levels: r.levels }));
}

export function useReviewerActivities(api: ReviewApi) {
  return useAsync(() => reviewerActivities(api), [api]);
}
