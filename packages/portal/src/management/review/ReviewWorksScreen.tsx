import { AuditDecision, type AuditDecisionCode, type AuditWorkRow } from '@dscloud/sdk/review';
import { Alert, Button, Empty, Select, Skeleton, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { LoadFailed } from '../../lessons/LoadFailed';
import { BatchBar, ServerTable, useServerPage, useTableState } from '../kit';
import { BatchDecide, BatchResults, type BatchAsk } from './BatchDecide';
import { batchDecisions, type RowOutcome } from './decisions';
import { useReviewLabels } from './labels';
import { reviewWorkPath } from './paths';
import { QuotaLine } from './QuotaLine';
import { ReviewFilterBar } from './ReviewFilterBar';
import { REVIEW_SPEC, toWorkPageBody } from './reviewTableSpec';
import { useReviewApi } from './useReviewApi';
import { useReviewerActivities } from './useReviewerActivities';
import { useReviewRules } from './useReviewRules';
import '../management.css';
import './review.css';

const DECISIONS: AuditDecisionCode[] = [AuditDecision.PASS, AuditDecision.RETURN, AuditDecision.REJECT, AuditDecision.EXCELLENT];

/**
 * 作品评审 (`/management/type=zuopinsh`): the reviewer's works of one activity (picker), filtered by
 * what they are assigned (level, stage, subject, edition, book, chapter, state, title; all in the URL),
 * the quota used and left at their levels, and batch pass / return / reject / high-quality on the
 * selected rows with each work's outcome.
 */
export default function ReviewWorksScreen() {
  const t = useT();
  const label = useReviewLabels();
  const api = useReviewApi();
  const location = useLocation();
  const table = useTableState(REVIEW_SPEC);
  const mine = useReviewerActivities(api);
  const activityId = table.state.filters.activity ?? '';
  const current = mine.data?.find((a) => a.activity.activityId === activityId) ?? null;
  const rules = useReviewRules(api, activityId);
  const page = useServerPage(table.state, async (state) => {
    const body = toWorkPageBody(state);
    return body ? api.workPage(body) : { rows: [], total: 0 };
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [ask, setAsk] = useState<BatchAsk | null>(null);
  const [outcomes, setOutcomes] = useState<RowOutcome[] | null>(null);

  // No activity chosen yet: the first one the reviewer reviews.
  const first = mine.data?.[0]?.activity.activityId;
  const { setFilters } = table;
  useEffect(() => {
    if (!activityId && first) setFilters({ activity: first });
  }, [activityId, first, setFilters]);

  const rows = page.data?.rows ?? [];
  const chosen = rows.filter((r) => selected.includes(r.workId));
  const levels = current?.levels.map((l) => l.level) ?? [];
  const allowed = batchDecisions(chosen, rules.reviewLevels ?? levels);
  const scored = rules.rubric.length > 0;
  const search = location.search;

  const columns: TableColumnsType<AuditWorkRow> = [
    { key: 'title', title: t('rv.col.title'), render: (_, r) => <Link to={reviewWorkPath(activityId, r.workId, search)}>{r.title}</Link> },
    { key: 'node', title: t('rv.col.node'), render: (_, r) => r.nodeName || '—' },
    { key: 'subject', title: t('rv.col.subject'), render: (_, r) => r.subjectName || '—' },
    { key: 'teacher', title: t('rv.col.teacher'), render: (_, r) => r.teacherName || <span className="ds-mgmt-muted">{t('rv.blind')}</span> },
    { key: 'school', title: t('rv.col.school'), render: (_, r) => r.schoolName || <span className="ds-mgmt-muted">{t('rv.blind')}</span> },
    { key: 'level', title: t('rv.col.level'), render: (_, r) => label.level(r.level) },
    { key: 'state', title: t('rv.col.state'), render: (_, r) => <Tag>{label.state(r.reviewState)}</Tag> },
    { key: 'round', title: t('rv.col.round'), align: 'right', render: (_, r) => r.round },
    { key: 'submitted', title: t('rv.col.submitted'), render: (_, r) => (r.submittedAt ? dateTime(r.submittedAt) : '—') },
    { key: 'mine', title: t('rv.col.mine'), render: (_, r) => (r.myDecision ? label.decision(r.myDecision) : <span className="ds-mgmt-muted">{t('rv.undecided')}</span>) },
  ];

  let body;
  if (mine.status === 'failed' && !mine.data) body = <LoadFailed message={mine.message} onRetry={mine.reload} />;
  else if (!mine.data) body = <Skeleton active />;
  else if (mine.data.length === 0) body = <Empty description={<span className="ds-empty-text">{t('rv.noActivity')}</span>} />;
  else
    body = (
      <>
        <div className="ds-rv-picker">
          <label htmlFor="rv-activity">{t('rv.activity')}</label>
          <Select
            id="rv-activity"
            className="ds-rv-activity"
            value={activityId || undefined}
            placeholder={t('rv.activityPick')}
            onChange={(value: string) => table.setFilters({ activity: value })}
            options={mine.data.map((a) => ({ value: a.activity.activityId, label: a.activity.name }))}
          />
        </div>
        {current ? <QuotaLine levels={current.levels} /> : null}
        {activityId ? (
          <ReviewFilterBar
            api={api}
            activityId={activityId}
            levels={current?.levels ?? []}
            filters={table.state.filters}
            onSearch={(f) => table.setFilters({ ...f, activity: activityId })}
          />
        ) : null}
        {outcomes ? <BatchResults outcomes={outcomes} onClose={() => setOutcomes(null)} /> : null}
        <BatchBar selected={chosen.length}>
          {DECISIONS.map((d) => {
            const needsScore = scored && (d === AuditDecision.PASS || d === AuditDecision.EXCELLENT);
            return (
              <Button
                key={d}
                type={d === AuditDecision.PASS ? 'primary' : 'default'}
                danger={d === AuditDecision.REJECT}
                disabled={!allowed.includes(d) || needsScore}
                onClick={() => setAsk({ decision: d, rows: chosen })}
              >
                {label.decision(d)}
              </Button>
            );
          })}
        </BatchBar>
        {chosen.length > 0 && allowed.length === 0 ? <p className="ds-mgmt-muted" role="status">{t('rv.batch.mixed')}</p> : null}
        {chosen.length > 0 && scored ? <p className="ds-mgmt-muted">{t('rv.batch.rubric')}</p> : null}
        <ServerTable<AuditWorkRow, typeof REVIEW_SPEC.filters>
          table={table}
          page={page}
          columns={columns}
          rowKey="workId"
          rowName={(r) => `《${r.title}》`}
          label={t('rv.table')}
          selection={{ selected, onChange: setSelected }}
          empty={t('rv.empty')}
        />
        <BatchDecide
          api={api}
          activityId={activityId}
          ask={ask}
          templates={rules.opinionTemplates}
          onClose={() => setAsk(null)}
          onDone={(o) => {
            setOutcomes(o);
            setSelected([]);
            page.reload();
            mine.reload();
          }}
        />
      </>
    );

  return (
    <div className="ds-mgmt-screen">
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">{t('mgmt.zuopinsh')}</h1>
      </div>
      {mine.status === 'failed' && mine.data ? <Alert type="error" showIcon title={mine.message} /> : null}
      {body}
    </div>
  );
}
