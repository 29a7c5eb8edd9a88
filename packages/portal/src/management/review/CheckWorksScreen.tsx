import { AuditLevels, WorkReviewStates } from '@dscloud/sdk/activities';
import { Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import { useLocale, useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { useAsync } from '../../lessons/useAsync';
import type { WorkInReviewRow } from '../../api/review';
import { useActivityManageApi } from '../activities/useActivityManageApi';
import { LIST_PATH } from '../activities/paths';
import { ServerTable, useServerPage, useTableState, type Filters, SearchButtons } from '../kit';
import { useReviewLabels } from './labels';
import { checkPersonPath } from './paths';
import { useReviewApi } from './useReviewApi';
import '../management.css';
import './review.css';

const SPEC = { filters: { level: 'int', state: 'int', stage: 'int', subject: 'int', keyword: 'text' } } as const;
type F = Filters<typeof SPEC.filters>;

/** 审核作品 (`/management/type=check-works/{activityId}`): the organiser's works in review, by level, state, stage, subject and title. */
export default function CheckWorksScreen() {
  const t = useT();
  const en = useLocale() === 'en';
  const label = useReviewLabels();
  const { activityId = '' } = useParams();
  const api = useReviewApi();
  const manage = useActivityManageApi();
  const detail = useAsync(() => manage.detail(activityId), [manage, activityId]);
  const table = useTableState(SPEC);
  const page = useServerPage(table.state, (s) =>
    api.worksInReview({
      activityId,
      pageNum: s.page,
      pageSize: s.pageSize,
      ...(s.filters.level !== undefined ? { level: s.filters.level } : {}),
      ...(s.filters.state !== undefined ? { reviewState: s.filters.state } : {}),
      ...(s.filters.stage !== undefined ? { stage: s.filters.stage } : {}),
      ...(s.filters.subject !== undefined ? { subjectCode: s.filters.subject } : {}),
      ...(s.filters.keyword ? { keyword: s.filters.keyword } : {}),
    }),
  );
  const [form] = Form.useForm<F>();
  const scope = detail.data?.scope ?? [];
  const stages = [...new Map(scope.map((s) => [s.stage, s.stageName])).entries()];
  const subjects = [...new Map(scope.map((s) => [s.subjectCode, s.subjectName])).entries()];
  const levels = detail.data?.reviewLevels ?? AuditLevels.entries.map((l) => l.value);

  const columns: TableColumnsType<WorkInReviewRow> = [
    { key: 'title', title: t('rv.col.title'), render: (_, r) => r.title },
    { key: 'node', title: t('rv.col.node'), render: (_, r) => r.nodeName || '—' },
    { key: 'subject', title: t('rv.col.subject'), render: (_, r) => r.subjectName || '—' },
    { key: 'teacher', title: t('rv.col.teacher'), render: (_, r) => r.teacherName || '—' },
    { key: 'school', title: t('rv.col.school'), render: (_, r) => r.schoolName || '—' },
    { key: 'level', title: t('rv.col.level'), render: (_, r) => label.level(r.reviewLevel) },
    { key: 'state', title: t('rv.cw.reviewState'), render: (_, r) => <Tag>{label.state(r.reviewState)}</Tag> },
    { key: 'round', title: t('rv.col.round'), align: 'right', render: (_, r) => r.round },
    { key: 'score', title: t('rv.cw.score'), align: 'right', render: (_, r) => r.reviewScore ?? '—' },
    { key: 'submitted', title: t('rv.col.submitted'), render: (_, r) => (r.submitTime ? dateTime(r.submitTime) : '—') },
    { key: 'reviewed', title: t('rv.cw.reviewedAt'), render: (_, r) => (r.reviewedAt ? dateTime(r.reviewedAt) : '—') },
    { key: 'opinion', title: t('rv.cw.opinion'), render: (_, r) => r.lastOpinion || '—' },
  ];

  return (
    <div className="ds-mgmt-screen">
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">{t('mgmt.checkWorks')}</h1>
        {detail.data ? <span className="ds-mgmt-muted">{t('rv.cp.activity', { name: detail.data.name })}</span> : null}
        <Link to={LIST_PATH}>{t('mgmt.activemana')}</Link>
        <Link to={checkPersonPath(activityId)}>{t('mgmt.checkPerson')}</Link>
      </div>
      <Form<F>
        key={JSON.stringify(table.state.filters)}
        form={form}
        name="checkWorksFilters"
        className="ds-mgmt-filters"
        layout="inline"
        role="search"
        aria-label={t('rv.cw.filters')}
        initialValues={table.state.filters}
        onFinish={(v) => table.setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null && x !== '')))}
      >
        <Form.Item name="level" label={t('rv.level')}>
          <Select allowClear className="ds-mgmt-select" placeholder={t('rv.all')} options={levels.map((l) => ({ value: l, label: label.level(l) }))} />
        </Form.Item>
        <Form.Item name="state" label={t('rv.cw.reviewState')}>
          <Select allowClear className="ds-mgmt-select" placeholder={t('rv.all')} options={WorkReviewStates.entries.filter((s) => s.value > 0).map((s) => ({ value: s.value, label: en ? s.labelEn : s.label }))} />
        </Form.Item>
        <Form.Item name="stage" label={t('rv.stage')}>
          <Select allowClear className="ds-mgmt-select" placeholder={t('rv.all')} options={stages.map(([value, name]) => ({ value, label: name }))} />
        </Form.Item>
        <Form.Item name="subject" label={t('rv.subject')}>
          <Select allowClear className="ds-mgmt-select" placeholder={t('rv.all')} options={subjects.map(([value, name]) => ({ value, label: name }))} />
        </Form.Item>
        <Form.Item name="keyword" label={t('rv.keyword')}>
          <Input allowClear maxLength={50} />
        </Form.Item>
        <SearchButtons
          onReset={() => {
            form.resetFields();
            table.setFilters({});
          }}
        />
      </Form>
      <ServerTable<WorkInReviewRow, typeof SPEC.filters> table={table} page={page} columns={columns} rowKey="lessonId" label={t('rv.cw.table')} empty={t('rv.empty')} />
    </div>
  );
}
