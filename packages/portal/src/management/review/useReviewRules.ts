import { useAsync } from '../../lessons/useAsync';
import type { ReviewApi, ReviewerRules } from '../../api/review';

const NONE: ReviewerRules = { rubric: [], opinionTemplates: [], blind: false, reviewLevels: null };

/** The activity's rubric, opinion templates and levels as its reviewer reads them. */
export function useReviewRules(api: ReviewApi, activityId: string): ReviewerRules {
  const state = useAsync(() => (activityId ? api.rules(activityId).catch(() => NONE) : Promise.resolve(NONE)), [api, activityId]);
  return state.data ?? NONE;
}
