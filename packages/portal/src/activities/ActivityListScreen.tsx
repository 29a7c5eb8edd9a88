import { ACTIVITY_PHASES, ActivitySystems, type ActivityPhase, type ActivitySummary, type Page } from '@dscloud/sdk/activities';
import { Empty, Input, Pagination, Select, Skeleton, Tabs } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useLocale, useT } from '../i18n/useT';
import { LoadFailed } from '../lessons/LoadFailed';
import { useAsync } from '../lessons/useAsync';
import { useViewer } from '../platform/hooks';
import type { MyActivity } from '../api/activities';
import { ActivityCard, usePhaseLabel } from './ActivityParts';
import { activityPaths, listTypeOf, type ListType } from './paths';
import { TeacherGate } from './TeacherGate';
import { useActivitiesApi } from './useActivitiesApi';
import { useNow } from './useNow';
import './activities.css';

const PAGE_SIZE = 12;
const LISTED_PHASES = ACTIVITY_PHASES.filter((p) => p !== 'draft' && p !== 'withdrawn');

/** Filters live in the URL (`?keyword=&phase=&system=&page=`), so back and a shared link keep them. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const phase = params.get('phase');
  const filters = {
    keyword: params.get('keyword') ?? '',
    phase: (LISTED_PHASES as readonly string[]).includes(phase ?? '') ? (phase as ActivityPhase) : undefined,
    system: Number(params.get('system')) || undefined,
    pageNum: Math.max(1, Number(params.get('page')) || 1),
  };
  const set = (next: Partial<Record<'keyword' | 'phase' | 'system' | 'page', string | undefined>>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged, { replace: true, preventScrollReset: true });
  };
  return [filters, set] as const;
}

function ListBody({ type }: { type: ListType }) {
  const t = useT();
  const en = useLocale() === 'en';
  const api = useActivitiesApi();
  const viewer = useViewer();
  const phaseLabel = usePhaseLabel();
  const now = useNow(30_000);
  const [f, set] = useFilters();
  const teacher = viewer.kind === 'teacher';
  const page = useAsync<Page<ActivitySummary | MyActivity>>(() => {
    const query = { pageNum: f.pageNum, pageSize: PAGE_SIZE };
    if (type === 'mine') return api.myPage(query);
    const filters = { ...query, ...(f.keyword ? { keyword: f.keyword } : {}), ...(f.phase ? { phase: f.phase } : {}) };
    if (teacher) return api.eligiblePage({ ...filters, ...(f.system ? { activitySystem: f.system } : {}) });
    return api.publicList(filters);
  }, [api, type, teacher, f.keyword, f.phase, f.system, f.pageNum]);
  const rows = page.data?.rows ?? [];
  const total = page.data?.total ?? 0;

  return (
    <>
      {type === 'all' ? (
        <div className="ds-toolbar ds-act-filters" role="search">
          <Input.Search
            aria-label={t('act.filter.keyword')}
            placeholder={t('act.filter.keyword')}
            defaultValue={f.keyword}
            allowClear
            onSearch={(keyword) => set({ keyword: keyword.trim() || undefined })}
            className="ds-act-search"
          />
          <Select<string>
            aria-label={t('act.filter.phase')}
            value={f.phase ?? ''}
            onChange={(phase) => set({ phase: phase || undefined })}
            options={[{ value: '', label: `${t('act.filter.phase')}：${t('act.filter.all')}` }, ...LISTED_PHASES.map((p) => ({ value: p, label: phaseLabel(p) }))]}
            className="ds-act-select"
          />
          {teacher ? (
            <Select<number>
              aria-label={t('act.filter.system')}
              value={f.system ?? 0}
              onChange={(system) => set({ system: system ? String(system) : undefined })}
              options={[
                { value: 0, label: `${t('act.filter.system')}：${t('act.filter.all')}` },
                ...ActivitySystems.entries.map((s) => ({ value: s.value, label: en ? s.labelEn : s.label })),
              ]}
              className="ds-act-select"
            />
          ) : null}
        </div>
      ) : null}
      {page.data ? <p className="ds-act-muted" aria-live="polite">{t('act.list.total', { total })}</p> : null}
      {page.status === 'failed' ? <LoadFailed message={page.message} onRetry={page.reload} /> : null}
      {page.status === 'loading' && !page.data ? <Skeleton active /> : null}
      {page.status === 'ready' && total === 0 ? (
        <Empty description={<span className="ds-empty-text">{t(type === 'mine' ? 'act.empty.mine' : 'act.empty.list')}</span>} />
      ) : (
        <ul className="ds-act-grid" aria-busy={page.status === 'loading'}>
          {rows.map((row) => (
            <li key={row.activityId}>
              <ActivityCard activity={row} now={now} listType={type} myWorks={type === 'mine' ? (row as MyActivity).workCount : undefined} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        className="ds-act-pager"
        current={f.pageNum}
        pageSize={PAGE_SIZE}
        total={total}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={(p) => set({ page: String(p) })}
      />
    </>
  );
}

/** 活动列表: all activities open to the viewer (filters, paging) or the teacher's own (`mine`). */
export default function ActivityListScreen() {
  const t = useT();
  const navigate = useNavigate();
  const type = listTypeOf(useParams().type);
  const viewer = useViewer();
  const tabs = [{ key: 'all', label: t('act.list.all') }, ...(viewer.kind === 'teacher' ? [{ key: 'mine', label: t('act.list.mine') }] : [])];
  return (
    <div className="ds-act">
      <h1 className="ds-screen-title">{t('screen.activityList')}</h1>
      <Tabs activeKey={type} items={tabs} onChange={(key) => void navigate(activityPaths.list(listTypeOf(key)))} />
      {type === 'mine' ? (
        <TeacherGate title={t('act.list.mine')}>
          <ListBody type="mine" />
        </TeacherGate>
      ) : (
        <ListBody type="all" />
      )}
    </div>
  );
}
