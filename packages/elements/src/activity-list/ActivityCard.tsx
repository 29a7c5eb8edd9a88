import { useId } from 'react';
import { ActivityPhases, type ActivitySummary } from '@dscloud/sdk/activities';
import { Thumbnail } from '../shared/Thumbnail.js';
import { cardTiming } from './cardTiming.js';
import { formatChinaTime, isoDuration, remaining } from './countdown.js';
import type { ActivityListMessages, Lang } from './messages.js';

/** How wide a card's cover is shown: the whole width of a phone, at most 480 px otherwise (cards are 260–480 px). */
const COVER_SIZES = '(max-width: 599.98px) 100vw, 480px';

export interface ActivityCardProps {
  activity: ActivitySummary;
  now: number;
  lang: Lang;
  messages: ActivityListMessages;
  /** The portal page of the activity (a link), or null: the action fires `onSelect`. */
  href: string | null;
  onSelect: (activity: ActivitySummary) => void;
}

const names = (items: Array<{ stageName?: string; subjectName?: string }>, key: 'stageName' | 'subjectName', sep: string) =>
  items.map((item) => item[key]).filter(Boolean).join(sep);

/** One activity: cover, name, organiser, scope, phase with its countdown, counts and the 报名/查看 action. */
export function ActivityCard({ activity, now, lang, messages: m, href, onSelect }: ActivityCardProps) {
  const titleId = useId();
  const { info, target } = cardTiming(activity, now);
  const sep = lang === 'en' ? ', ' : '、';
  const scope = [names(activity.stages, 'stageName', sep), names(activity.subjects, 'subjectName', sep)].filter(Boolean).join(' · ');
  const action = info.signUpOpen ? m.signUp : m.view;
  const left = target ? remaining(target.at, now) : null;
  const actionProps = { className: 'ds-activities__action', part: 'action', 'aria-label': m.actionLabel(action, activity.name), 'data-action': info.signUpOpen ? 'signUp' : 'view' };

  return (
    <li className="ds-activities__item" part="card" data-activity-id={activity.activityId} data-phase={info.phase}>
      <article className="ds-activities__card" aria-labelledby={titleId}>
        {activity.coverUrl ? (
          <Thumbnail className="ds-activities__cover" part="cover" src={activity.coverUrl} width={480} height={270} sizes={COVER_SIZES} />
        ) : (
          <div className="ds-activities__cover ds-activities__cover--none" part="cover" aria-hidden="true">
            {activity.activitySystemName || m.noCover}
          </div>
        )}
        <div className="ds-activities__body">
          <h3 className="ds-activities__name" part="name" id={titleId}>
            {activity.name}
          </h3>
          <p className="ds-activities__org" part="organiser">
            {[activity.orgName, activity.activitySystemName].filter(Boolean).join(' · ')}
          </p>
          {scope ? (
            <p className="ds-activities__scope" part="scope">
              <span className="ds-activities__label">{m.scope}</span> {scope}
            </p>
          ) : null}
          <p className="ds-activities__phase" part="phase">
            <span className="ds-activities__badge" part="phase-badge" data-phase={info.phase}>
              {ActivityPhases.label(info.phase, lang)}
            </span>
            {target && left ? (
              <span className="ds-activities__countdown" part="countdown" role="timer">
                {target.kind === 'end' ? m.endsIn[target.phase] : m.startsIn[target.phase]}{' '}
                <time dateTime={isoDuration(left)}>{m.remaining(left)}</time>
              </span>
            ) : null}
          </p>
          {target ? (
            <p className="ds-activities__deadline" part="deadline">
              <time dateTime={new Date(target.at).toISOString()}>{m.deadline(formatChinaTime(target.at))}</time>
            </p>
          ) : null}
          <p className="ds-activities__counts" part="counts">
            {m.counts(activity.signUpCount, activity.workCount)}
          </p>
          {href ? (
            <a {...actionProps} href={href} target="_blank" rel="noopener">
              {action}
            </a>
          ) : (
            <button {...actionProps} type="button" onClick={() => onSelect(activity)}>
              {action}
            </button>
          )}
        </div>
      </article>
    </li>
  );
}
