import type { LessonSummary } from '@dscloud/sdk/lessons';
import { useT } from '../../i18n/useT';
import { dateTime } from '../format';

/**
 * What a live lesson's page is showing, said above the player: the platform has no live stream, so the
 * video under it is the lesson's recording — labelled as such while the class is on air, as the replay
 * once it is over, and as a preview before it starts. Nothing for an on-demand lesson.
 */
export function LiveNotice({ lesson }: { lesson: Pick<LessonSummary, 'liveFlag' | 'liveState' | 'liveStartTime' | 'liveEndTime'> }) {
  const t = useT();
  const state = lesson.liveFlag ? lesson.liveState : null;
  if (!state) return null;
  const start = lesson.liveStartTime ? dateTime(lesson.liveStartTime) : '';
  const end = lesson.liveEndTime ? dateTime(lesson.liveEndTime) : '';
  return (
    <p className={`ds-live-notice ds-live-notice--${state}`} data-live-state={state}>
      <span className={`ds-live-notice__badge ds-live-notice__badge--${state}`}>{t(`detail.liveBadge.${state}`)}</span>
      <span>{t(`detail.liveNotice.${state}`, { start, end })}</span>
    </p>
  );
}
