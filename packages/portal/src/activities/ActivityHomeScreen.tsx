import type { ActivityReminder, ActivitySummary } from '@dscloud/sdk/activities';
import { Alert, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n/useT';
import { dateTime } from '../lessons/format';
import { LoadFailed } from '../lessons/LoadFailed';
import { useAsync, type AsyncState } from '../lessons/useAsync';
import { useViewer } from '../platform/hooks';
import { ActivityCard } from './ActivityParts';
import { activityPaths } from './paths';
import { splitCurrentPast } from './phaseView';
import { useActivitiesApi } from './useActivitiesApi';
import { useNow } from './useNow';
import './activities.css';

const HOME_SIZE = 12;

function Section({ id, title, more, children }: { id: string; title: string; more?: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="ds-act-section" aria-labelledby={id}>
      <div className="ds-act-section-head">
        <h2 id={id} className="ds-act-section-title">
          {title}
        </h2>
        {more ? <Link to={more}>{t('act.home.viewAll')}</Link> : null}
      </div>
      {children}
    </section>
  );
}

function Cards<T extends ActivitySummary>({ state, rows, empty, now, works }: { state: AsyncState<unknown> & { reload: () => void }; rows: T[]; empty: string; now: number; works?: (row: T) => number }) {
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={state.reload} />;
  if (state.status === 'loading' && !state.data) return <Skeleton active />;
  if (!rows.length) return <Empty description={<span className="ds-empty-text">{empty}</span>} />;
  return (
    <ul className="ds-act-grid">
      {rows.map((row) => (
        <li key={row.activityId}>
          <ActivityCard activity={row} now={now} listType={works ? 'mine' : 'all'} myWorks={works?.(row)} />
        </li>
      ))}
    </ul>
  );
}

function reminderText(t: ReturnType<typeof useT>, r: ActivityReminder): string {
  const params = { name: r.activityName, count: r.count, time: r.deadline ? dateTime(r.deadline) : '' };
  if (r.kind === 'signUpClosing') return t('act.remind.signUpClosing', params);
  if (r.kind === 'worksToSubmit') return t('act.remind.worksToSubmit', params);
  return t('act.remind.returned', params);
}

function Reminders() {
  const t = useT();
  const api = useActivitiesApi();
  const reminders = useAsync(() => api.reminders(), [api]);
  if (reminders.status !== 'ready' || !reminders.data.length) return null;
  return (
    <Alert
      className="ds-act-reminders"
      type="warning"
      showIcon
      title={t('act.home.reminders')}
      description={
        <ul className="ds-act-reminder-list">
          {reminders.data.map((r) => (
            <li key={`${r.activityId}-${r.kind}`}>
              {reminderText(t, r)}{' '}
              <Link to={r.kind === 'signUpClosing' ? activityPaths.signUp(r.activityId) : activityPaths.manage(r.activityId)}>
                {t('act.remind.open')}
              </Link>
            </li>
          ))}
        </ul>
      }
    />
  );
}

function TeacherHome({ now }: { now: number }) {
  const t = useT();
  const api = useActivitiesApi();
  const all = useAsync(() => api.eligiblePage({ pageNum: 1, pageSize: HOME_SIZE }), [api]);
  const mine = useAsync(() => api.myPage({ pageNum: 1, pageSize: 4 }), [api]);
  const { current, past } = splitCurrentPast(all.data?.rows ?? []);
  return (
    <>
      <Reminders />
      <Section id="act-mine" title={t('act.home.mine')} more={activityPaths.list('mine')}>
        <Cards state={mine} rows={mine.data?.rows ?? []} empty={t('act.empty.mine')} now={now} works={(row) => row.workCount} />
      </Section>
      <Section id="act-current" title={t('act.home.current')} more={activityPaths.list('all')}>
        <Cards state={all} rows={current} empty={t('act.empty.current')} now={now} />
      </Section>
      <Section id="act-past" title={t('act.home.past')}>
        <Cards state={all} rows={past} empty={t('act.empty.past')} now={now} />
      </Section>
    </>
  );
}

function PublicHome({ now }: { now: number }) {
  const t = useT();
  const api = useActivitiesApi();
  const all = useAsync(() => api.publicList({ pageNum: 1, pageSize: HOME_SIZE }), [api]);
  const { current, past } = splitCurrentPast(all.data?.rows ?? []);
  return (
    <>
      <Section id="act-current" title={t('act.home.current')} more={activityPaths.list('all')}>
        <Cards state={all} rows={current} empty={t('act.empty.current')} now={now} />
      </Section>
      <Section id="act-past" title={t('act.home.past')}>
        <Cards state={all} rows={past} empty={t('act.empty.past')} now={now} />
      </Section>
    </>
  );
}

/** 资源征集: the reminders, my activities, then the current and past ones (visitors see the public list). */
export default function ActivityHomeScreen() {
  const t = useT();
  const viewer = useViewer();
  const now = useNow(30_000);
  return (
    <div className="ds-act">
      <h1 className="ds-screen-title">{t('screen.resourcesCollect')}</h1>
      <p className="ds-act-intro">{t('act.home.intro')}</p>
      {viewer.kind === 'pending' ? <Skeleton active /> : viewer.kind === 'teacher' ? <TeacherHome now={now} /> : <PublicHome now={now} />}
      {viewer.kind === 'teacher' || viewer.kind === 'pending' ? null : <p className="ds-act-muted">{t('act.onlyTeachers')}</p>}
    </div>
  );
}
