import { AuditLevels } from '@dscloud/sdk/activities';
import { Stages, Subjects } from '@dscloud/sdk/codes';
import { AuditDecisions } from '@dscloud/sdk/review';
import { Alert, Breadcrumb, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import { useLocale, useT, type TKey } from '../../i18n/useT';
import { useAsync, type AsyncState } from '../../lessons/useAsync';
import { useActivityManageApi } from '../activities/useActivityManageApi';
import { LIST_PATH } from '../activities/paths';
import type { FilterField, FilterValues } from './FilterBar';
import { insightPaths, type ActivityRef } from './paths';
import '../management.css';
import './insight.css';

type Labelled = { label: string; labelEn: string };
export function useLabel() {
  const en = useLocale() === 'en';
  return (entry: Labelled | undefined, fallback = '—') => (entry ? (en ? entry.labelEn : entry.label) : fallback);
}

/** The stage and subject selects every statistics filter bar has (the subject list follows the stage). */
export function useStageSubjectFields(): FilterField[] {
  const t = useT();
  const label = useLabel();
  return [
    { name: 'stage', label: t('ri.stage'), options: () => Stages.entries.map((s) => ({ value: s.value, label: label(s) })), clears: ['subject'] },
    {
      name: 'subject',
      label: t('ri.subject'),
      options: (v: FilterValues) => Subjects.entries.filter((s) => v.stage === undefined || s.stage === v.stage).map((s) => ({ value: s.value, label: label(s) })),
    },
  ];
}

export function useLevelName() {
  const label = useLabel();
  return (level: number) => label(AuditLevels.find(level), String(level));
}

export function useDecisionName() {
  const label = useLabel();
  return (decision: number) => label(AuditDecisions.find(decision), String(decision));
}

/** Minutes or hours, for decision times (null before any decision). */
export function useDuration() {
  const t = useT();
  return (ms: number | null) => {
    if (ms === null) return '—';
    const minutes = Math.round(ms / 60_000);
    if (minutes < 60) return t('ri.minutes', { n: Math.max(minutes, ms > 0 ? 1 : 0) });
    const hours = ms / 3_600_000;
    return hours < 48 ? t('ri.hours', { n: hours.toFixed(1) }) : t('ri.days', { n: (hours / 24).toFixed(1) });
  };
}

/** A row of figures (报名人数, 作品数, …) in a description list, so each number has its name. */
export function StatCards({ label, items }: { label: string; items: { key: string; label: string; value: number | string }[] }) {
  return (
    <div role="group" aria-label={label}>
      <dl className="ds-ri-cards">
        {items.map((item) => (
          <div key={item.key} className="ds-ri-card" data-stat={item.key}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A panel of a statistics screen: its heading, actions (export) and content. */
export function Panel({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="ds-ri-panel" aria-labelledby={id}>
      <div className="ds-ri-panel-head">
        <h2 id={id}>{title}</h2>
        {actions ? <div className="ds-ri-panel-actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Loading, failed (重试) or the content of a statistics call. */
export function Loaded<T>({ state, children }: { state: AsyncState<T> & { reload: () => void }; children: (data: T) => ReactNode }) {
  const t = useT();
  if (state.status === 'failed' && state.data === null)
    return <Alert type="error" showIcon title={t('kit.loadFailed')} description={state.message} action={<Button onClick={state.reload}>{t('retry')}</Button>} />;
  if (state.data === null) return <Skeleton active />;
  return <>{children(state.data)}</>;
}

/** The activity a per-activity screen is about, from its route (`:activityId/:activitySystem/:activityName?`). */
export function useActivityRef(): ActivityRef {
  const { activityId = '', activitySystem = '', activityName = '' } = useParams();
  return { activityId, activitySystem, name: activityName };
}

/** The activity of the route with its name, read from the activity when the route does not carry it. */
export function useNamedActivity(): ActivityRef {
  const ref = useActivityRef();
  return useCompleted(ref);
}

/** `ref` with its name and type filled in from the activity when they are missing. */
export function useCompleted(ref: ActivityRef): ActivityRef {
  const api = useActivityManageApi();
  const missing = !ref.name || ref.activitySystem === '';
  const detail = useAsync(() => (missing && ref.activityId ? api.detail(ref.activityId).catch(() => null) : Promise.resolve(null)), [api, ref.activityId, missing]);
  return { ...ref, name: ref.name || detail.data?.name || '', activitySystem: ref.activitySystem !== '' ? ref.activitySystem : (detail.data?.activitySystem ?? '') };
}

const SIBLINGS: { key: TKey; to: (a: ActivityRef) => string }[] = [
  { key: 'mgmt.applicants', to: insightPaths.applicants },
  { key: 'mgmt.signUpStatistics', to: insightPaths.signUpStatistics },
  { key: 'mgmt.opusStatistics', to: insightPaths.opusStatistics },
  { key: 'mgmt.qualityWorks', to: insightPaths.qualityWorks },
  { key: 'mgmt.jspsxqdetail', to: insightPaths.reviewerDetail },
];

/**
 * The head of a per-activity screen: the way back to the activity table, the screen's title with the
 * activity's name, and the activity's other figures one click away.
 */
export function ActivityHead({ activity, title, extra }: { activity: ActivityRef; title: TKey; extra?: ReactNode }) {
  const t = useT();
  return (
    <header className="ds-ri-head">
      <Breadcrumb items={[{ title: <Link to={LIST_PATH}>{t('mgmt.activemana')}</Link> }, { title: activity.name || activity.activityId }, { title: t(title) }]} />
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">
          {t(title)}
          {activity.name ? <span className="ds-ri-activity">《{activity.name}》</span> : null}
        </h1>
        {extra}
      </div>
      <nav className="ds-ri-siblings" aria-label={t('ri.siblings')}>
        {SIBLINGS.map((s) => (
          <NavLink key={s.key} to={s.to(activity)} end className="ds-ri-sibling">
            {t(s.key)}
          </NavLink>
        ))}
        <NavLink to={insightPaths.overview(activity.activityId)} className="ds-ri-sibling">
          {t('mgmt.zyzjhdgk')}
        </NavLink>
      </nav>
    </header>
  );
}
