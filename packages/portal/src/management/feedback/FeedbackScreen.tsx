import { APPLY_STATUS_LABELS, APPLY_STATUSES, FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES, type ApplyStatus, type FeedbackCounts, type ManagedFeedback } from '@dscloud/sdk/help';
import { Button, DatePicker, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { helpApi } from '../../api/help';
import { useLocale, useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { usePortal } from '../../platform/PortalContext';
import { BatchBar, SearchButtons, ServerTable, useActions, useMgmtRights, useServerPage, useTableState } from '../kit';
import { FEEDBACK_SPEC, toFeedbackQuery } from './feedbackTable';
import { ReplyDialog } from './ReplyDialog';
import '../management.css';
import './feedback.css';

interface FilterForm {
  applyStatus?: number;
  type?: string;
  keyword?: string;
  time?: [Dayjs, Dayjs] | null;
}

/**
 * 意见反馈管理 (`/management/type=feedbackmana`): the feedback of users in the caller's reach with
 * filters in the URL (status, type, keyword, dates), counts by status, the context the author
 * attached, a reply (the author sees it) and a batch status change.
 */
export default function FeedbackScreen() {
  const t = useT();
  const locale = useLocale();
  const { platform } = usePortal();
  const api = useMemo(() => helpApi(platform), [platform]);
  const canWrite = useMgmtRights().has('write');
  const table = useTableState(FEEDBACK_SPEC);
  const [version, setVersion] = useState(0);
  const page = useServerPage(table.state, (state) => api.list(toFeedbackQuery(state)));
  const [counts, setCounts] = useState<FeedbackCounts | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [replying, setReplying] = useState<ManagedFeedback | null>(null);
  const { run, holder } = useActions();
  const [form] = Form.useForm<FilterForm>();
  const { filters } = table.state;
  const query = toFeedbackQuery(table.state);
  // The counts follow every filter but the status (they are the status's own breakdown).
  const countsKey = JSON.stringify({ type: query.type, keyword: query.keyword, from: query.from, to: query.to });

  useEffect(() => {
    void api.counts(JSON.parse(countsKey) as Parameters<typeof api.counts>[0]).then(setCounts, () => setCounts(null));
  }, [api, countsKey, version]);
  useEffect(() => {
    form.setFieldsValue({
      applyStatus: filters.applyStatus,
      type: filters.type,
      keyword: filters.keyword ?? '',
      time: filters.time ? [dayjs(filters.time[0]), dayjs(filters.time[1])] : null,
    });
  }, [form, filters]);

  const changed = () => {
    setSelected([]);
    setVersion((v) => v + 1);
    page.reload();
  };
  const search = (values: FilterForm) =>
    table.setFilters({
      ...(values.applyStatus !== undefined && values.applyStatus !== null ? { applyStatus: values.applyStatus } : {}),
      ...(values.type ? { type: values.type } : {}),
      ...(values.keyword?.trim() ? { keyword: values.keyword.trim() } : {}),
      ...(values.time ? { time: [values.time[0].startOf('day').valueOf(), values.time[1].endOf('day').valueOf()] as const } : {}),
    });
  const setStatus = (ids: string[], applyStatus: ApplyStatus) => run({ action: () => api.setStatus({ ids, applyStatus }), done: changed });

  const columns: TableColumnsType<ManagedFeedback> = [
    {
      key: 'content',
      title: t('fbm.col.content'),
      render: (_, row) => (
        <div className="ds-fbm-content">
          <p>{row.content}</p>
          {row.screenshots.map((shot, i) => (
            <a key={shot.fileId} href={shot.url} target="_blank" rel="noopener noreferrer">
              <img src={shot.thumbUrl ?? shot.url} alt={t('feedback.screenshotAlt', { n: i + 1 })} width={64} height={44} loading="lazy" />
            </a>
          ))}
          {row.reply ? <p className="ds-fbm-reply">{`${t('feedback.reply')}：${row.reply}`}</p> : null}
        </div>
      ),
    },
    { key: 'type', title: t('fbm.col.type'), render: (_, row) => FEEDBACK_TYPE_LABELS[row.type]?.[locale] ?? row.type },
    { key: 'user', title: t('fbm.col.user'), render: (_, row) => `${row.userName}（${row.role || '—'}）${row.orgName ? ` · ${row.orgName}` : ''}${row.contact ? ` · ${row.contact}` : ''}` },
    {
      key: 'context',
      title: t('fbm.col.context'),
      render: (_, row) =>
        row.context ? (
          <dl className="ds-fbm-context" data-context-of={row.id}>
            <dt>{t('feedback.ctx.page')}</dt>
            <dd>{row.context.page}</dd>
            <dt>{t('feedback.ctx.role')}</dt>
            <dd>{row.context.role}</dd>
            <dt>{t('feedback.ctx.browser')}</dt>
            <dd>{row.context.browser}</dd>
            <dt>{t('feedback.ctx.errors')}</dt>
            <dd>{row.context.errors.length ? row.context.errors.map((e) => `${String(e.code)} ${e.message}`).join('；') : t('feedback.ctx.noErrors')}</dd>
          </dl>
        ) : (
          t('fbm.noContext')
        ),
    },
    { key: 'time', title: t('fbm.col.time'), render: (_, row) => dateTime(Date.parse(row.createdAt)) },
    { key: 'status', title: t('fbm.col.status'), render: (_, row) => <Tag>{APPLY_STATUS_LABELS[row.applyStatus][locale]}</Tag> },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('fbm.col.actions'),
            render: (_: unknown, row: ManagedFeedback) => (
              <Button type="link" onClick={() => setReplying(row)} aria-label={`${t('fbm.replyAction')}：${row.content.slice(0, 20)}`}>
                {t('fbm.replyAction')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="ds-mgmt-screen">
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">{t('mgmt.feedbackmana')}</h1>
        <Space aria-live="polite" data-counts>
          {APPLY_STATUSES.map((s) => (
            <Tag key={s} data-count={s}>
              {t('fbm.count', { label: APPLY_STATUS_LABELS[s][locale], n: counts ? counts[s] : '…' })}
            </Tag>
          ))}
        </Space>
      </div>
      <Form form={form} layout="inline" className="ds-mgmt-filters" onFinish={search} aria-label={t('fbm.filters')}>
        <Form.Item name="applyStatus" label={t('fbm.filter.status')}>
          <Select allowClear style={{ minWidth: 120 }} options={APPLY_STATUSES.map((s) => ({ value: s, label: APPLY_STATUS_LABELS[s][locale] }))} />
        </Form.Item>
        <Form.Item name="type" label={t('fbm.filter.type')}>
          <Select allowClear style={{ minWidth: 120 }} options={FEEDBACK_TYPES.map((type) => ({ value: type, label: FEEDBACK_TYPE_LABELS[type][locale] }))} />
        </Form.Item>
        <Form.Item name="keyword" label={t('fbm.filter.keyword')}>
          <Input allowClear maxLength={50} />
        </Form.Item>
        <Form.Item name="time" label={t('fbm.filter.time')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <SearchButtons onReset={() => table.setFilters({})} />
      </Form>
      {canWrite ? (
        <BatchBar selected={selected.length}>
          {APPLY_STATUSES.map((s) => (
            <Button key={s} disabled={selected.length === 0} onClick={() => void setStatus(selected, s)}>
              {t('fbm.batchTo', { label: APPLY_STATUS_LABELS[s][locale] })}
            </Button>
          ))}
        </BatchBar>
      ) : null}
      <ServerTable<ManagedFeedback, typeof FEEDBACK_SPEC.filters>
        table={table}
        page={page}
        columns={columns}
        rowKey="id"
        label={t('mgmt.feedbackmana')}
        rowName={(row) => row.content.slice(0, 20)}
        empty={t('fbm.empty')}
        {...(canWrite ? { selection: { selected, onChange: setSelected } } : {})}
      />
      <ReplyDialog api={api} target={replying} onClose={() => setReplying(null)} onSaved={changed} />
      {holder}
    </div>
  );
}
