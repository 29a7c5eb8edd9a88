import { ActivityPhases, ActivitySystems, type ActivityPhase, type ActivitySummary } from '@dscloud/sdk/activities';
import { Card, Tag } from 'antd';
import { Link } from 'react-router';
import { useLocale, useT, type TKey } from '../i18n/useT';
import { dateTime } from '../lessons/format';
import { activityPaths, type ListType } from './paths';
import { countdown, countdownText, type WindowKey, type WindowRow } from './phaseView';
import { toneClass, type Tone } from './tone';
import { Thumbnail } from '../media/Thumbnail';

const PHASE_COLOURS: Record<ActivityPhase, Tone> = {
  draft: 'default',
  withdrawn: 'default',
  notStarted: 'blue',
  signUp: 'green',
  upload: 'orange',
  review: 'purple',
  ended: 'default',
};

/** The window whose end a phase counts down to. */
export const WINDOW_OF_PHASE: Partial<Record<ActivityPhase, WindowKey>> = { signUp: 'signUp', upload: 'upload', review: 'audit' };

export function usePhaseLabel(): (phase: ActivityPhase) => string {
  const en = useLocale() === 'en';
  return (phase) => {
    const entry = ActivityPhases.find(phase);
    return entry ? (en ? entry.labelEn : entry.label) : phase;
  };
}

export function useSystemLabel(): (system: number, fallback?: string) => string {
  const en = useLocale() === 'en';
  return (system, fallback = '') => {
    const entry = ActivitySystems.find(system);
    return entry ? (en ? entry.labelEn : entry.label) : fallback;
  };
}

export function PhaseTag({ phase }: { phase: ActivityPhase }) {
  const label = usePhaseLabel();
  return <Tag className={toneClass(PHASE_COLOURS[phase])}>{label(phase)}</Tag>;
}

/** 「报名剩余 2天3小时」: nothing when no window runs. */
export function PhaseCountdown({ phase, endsAt, now, long = false }: { phase: ActivityPhase; endsAt: number | null; now: number; long?: boolean }) {
  const t = useT();
  const en = useLocale() === 'en';
  const left = countdown(endsAt, now);
  const window = WINDOW_OF_PHASE[phase];
  if (!left || !window) return null;
  const params = { window: t(`act.window.${window}` as TKey), left: countdownText(left, en) };
  return <span className="ds-act-countdown">{t(long ? 'act.detail.countdown' : 'act.card.endsIn', params)}</span>;
}

/** The three windows in China time, the running ones marked. */
export function WindowList({ rows }: { rows: WindowRow[] }) {
  const t = useT();
  return (
    <>
      <dl className="ds-act-windows">
        {rows.map((row) => (
          <div key={row.key} className={row.open ? 'ds-act-window ds-act-window--open' : 'ds-act-window'}>
            <dt>
              {t(`act.window.${row.key}` as TKey)}
              {row.open ? <Tag className={toneClass('green')}>{t('act.window.now')}</Tag> : null}
            </dt>
            <dd>
              {row.start !== null && row.end !== null
                ? t('act.window.range', { start: dateTime(row.start), end: dateTime(row.end) })
                : t('act.window.unset')}
            </dd>
          </div>
        ))}
      </dl>
      <p className="ds-act-muted">{t('act.window.chinaTime')}</p>
    </>
  );
}

/** One activity as a card: cover, name (the link), type, phase with countdown, scope, organiser, counts. */
export function ActivityCard({ activity, now, listType = 'all', myWorks }: { activity: ActivitySummary; now: number; listType?: ListType; myWorks?: number }) {
  const t = useT();
  const system = useSystemLabel();
  const scope = [...activity.stages.map((s) => s.stageName), ...activity.subjects.map((s) => s.subjectName)].join(' · ');
  return (
    <Card
      className="ds-act-card"
      cover={activity.coverUrl ? <Thumbnail src={activity.coverUrl} width={480} height={270} className="ds-act-cover" /> : <div className="ds-act-cover ds-act-cover--blank" />}
    >
      <h3 className="ds-act-card-title">
        <Link to={activityPaths.detail(activity.activityId, listType)}>{activity.name}</Link>
      </h3>
      <div className="ds-act-tags">
        <Tag>{system(activity.activitySystem, activity.activitySystemName)}</Tag>
        <PhaseTag phase={activity.phase} />
      </div>
      <PhaseCountdown phase={activity.phase} endsAt={activity.phaseEndTime} now={now} />
      {scope ? <p className="ds-act-scope">{scope}</p> : null}
      <p className="ds-act-muted">{t('act.card.org', { org: activity.orgName })}</p>
      <p className="ds-act-muted">
        {myWorks === undefined ? t('act.card.counts', { signUps: activity.signUpCount, works: activity.workCount }) : t('act.card.myWorks', { count: myWorks })}
      </p>
    </Card>
  );
}
