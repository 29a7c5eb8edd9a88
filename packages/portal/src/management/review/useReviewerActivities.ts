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
 * `getAuditLevel` answers (the server refuses the others with 「您不是该活动的评审人员」), those
 * under review first.
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
  // Activities under review first, as the publish list orders them otherwise.
  const mine = probed.filter((x): x is ReviewerActivity => x !== null);
  return [...mine.filter((x) => x.activity.phase === 'review'), ...mine.filter((x) => x.activity.phase !== 'review')];
}

export function useReviewerActivities(api: ReviewApi) {
  return useAsync(() => reviewerActivities(api), [api]);
}
