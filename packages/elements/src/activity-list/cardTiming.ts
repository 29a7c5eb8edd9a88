import { activityPhase, type ActivitySummary, type ActivityPhase, type PhaseInfo } from '@dscloud/sdk/activities';

export interface CardTiming {
  info: PhaseInfo;
  /** What the countdown runs to (null: none, e.g. ended). */
  target: { at: number; kind: 'end' | 'start'; phase: Extract<ActivityPhase, 'notStarted' | 'signUp' | 'upload' | 'review'> } | null;
}

/**
 * Where a card stands at `now`, worked out from the activity's windows with the SDK's `activityPhase`
 * (the rule the server uses), so a countdown that reaches zero moves the card on to its next phase
 * without asking the server again. Between windows the countdown runs to the next window's start.
 */
export function cardTiming(activity: ActivitySummary, now: number): CardTiming {
  const info = activityPhase(activity, now);
  const { phase, endsAt } = info;
  if (phase !== 'notStarted' && phase !== 'signUp' && phase !== 'upload' && phase !== 'review') return { info, target: null };
  if (endsAt !== null) return { info, target: { at: endsAt, kind: 'end', phase } };
  const start =
    phase === 'notStarted'
      ? Math.min(...[activity.signUpStartTime, activity.uploadStartTime, activity.auditStartTime].filter((t): t is number => t !== null))
      : phase === 'upload'
        ? activity.uploadStartTime
        : phase === 'review'
          ? activity.auditStartTime
          : null;
  return start !== null && Number.isFinite(start) && start > now ? { info, target: { at: start, kind: 'start', phase } } : { info, target: null };
}
