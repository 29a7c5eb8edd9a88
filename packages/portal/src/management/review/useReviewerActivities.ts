import type { ActivitySummary } from '@dscloud/sdk/activities';
import { useAsync } from '../../lessons/useAsync';
import type { AuditLevelOption, ReviewApi } from '../../api/review';

export interface ReviewerActivity {
  activity: ActivitySummary;
  /** The levels the reviewer is assigned at, with the quota used and left. */
  levels: AuditLevelOption[];
}

/**
 * The published activities the signed-in reviewer is assigned to: each published activity whose
 * `getAuditLevel` answers (the server refuses the others with 「您不是该活动的评审人员」).
 */
export async function reviewerActivities(api: ReviewApi): Promise<ReviewerActivity[]> {
  const page = await api.activities();
  const probed = await Promise.all(
    page.rows.map((activity) =>
      api.levels(activity.activityId).then(
        (levels) => ({ activity, levels: levels ?? [] }),
        () => null,
      ),
    ),
  );
  return probed.filter((x): x is ReviewerActivity => x !== null);
}

export function useReviewerActivities(api: ReviewApi) {
  return useAsync(() => reviewerActivities(api), [api]);
}
