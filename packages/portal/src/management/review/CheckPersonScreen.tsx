import type { AuditLevelCode } from '@dscloud/sdk/activities';
import { Alert, App, Button, Checkbox, Form, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { errorText } from '../../activities/errorText';
import { LoadFailed } from '../../lessons/LoadFailed';
import { useAsync } from '../../lessons/useAsync';
import type { AuditPersonRow } from '@dscloud/sdk/review';
import type { ReviewApi } from '../../api/review';
import { useActivityManageApi } from '../activities/useActivityManageApi';
import { LIST_PATH } from '../activities/paths';
import { addRows, groupKey, saveBodies, unitsForLevel, type ListRow } from './assignments';
import { useReviewLabels } from './labels';
import { checkWorksPath } from './paths';
import { useReviewApi } from './useReviewApi';
import '../management.css';
import './review.css';

interface AssignValues {
  level?: AuditLevelCode;
  stage?: number;
  subjectCode?: number;
  orgId?: string;
  userIds?: string[];
  finalReviewer?: boolean;
}

/** Every assigned reviewer of the activity (the list is saved as a whole). */
async function allRows(api: ReviewApi, activityId: string): Promise<AuditPersonRow[]> {
  const rows: AuditPersonRow[] = [];
  for (let pageNum = 1; pageNum <= 50; pageNum++) {
    const page = await api.personPage({ activityId, pageNum, pageSize: 100 });
    rows.push(...page.rows);
    if (rows.length >= page.total || page.rows.length === 0) break;
  }
  return rows;
}

/**
 * 审核人员 (`/management/type=check-person/{activityId}`): the organiser assigns reviewers by level,
 * stage, subject and reviewing unit (school, district or city) from the candidates the server offers,
 * sees each one's pending and done works, removes, and saves the list.
 */
export default function CheckPersonScreen() {
  const t = useT();
  const label = useReviewLabels();
  const { activityId = '' } = useParams();
  const api = useReviewApi();
  const manage = useActivityManageApi();
  const { message } = App.useApp();
  const detail = useAsync(() => manage.detail(activityId), [manage, activityId]);
  const stored = useAsync(() => allRows(api, activityId), [api, activityId]);
  const orgs = useAsync(() => api.orgTree(), [api]);
  const [list, setList] = useState<ListRow[] | null>(null);
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const dirty = changed.size > 0;
  const touch = (...keys: string[]) => setChanged((c) => new Set([...c, ...keys]));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const [form] = Form.useForm<AssignValues>();
  const v = Form.useWatch([], form) ?? {};

  // A fresh load from the server replaces the list on screen.
  const [shown, setShown] = useState(stored.data);
  if (shown !== stored.data) {
    setShown(stored.data);
    if (stored.data) {
      setList(stored.data);
      setChanged(new Set());
    }
  }

  const scope = detail.data?.scope ?? [];
  const stages = [...new Map(scope.map((s) => [s.stage, s.stageName])).entries()];
  const subjects = [...new Map(scope.filter((s) => s.stage === v.stage).map((s) => [s.subjectCode, s.subjectName])).entries()];
  const units = v.level ? unitsForLevel(orgs.data ?? [], v.level) : [];
  const ready = v.level !== undefined && v.stage !== undefined && v.subjectCode !== undefined && !!v.orgId;
  const [keyword, setKeyword] = useState('');
  const candidates = useAsync(
    () => (ready ? api.candidates({ activityId, orgId: v.orgId!, stage: v.stage!, subjectCode: v.subjectCode!, pageNum: 1, pageSize: 50, ...(keyword ? { keyword } : {}) }).then((p) => p.rows) : Promise.resolve([])),
    [api, activityId, ready, v.stage, v.subjectCode, v.orgId, keyword],
  );

  const add = (values: AssignValues) => {
    const unit = units.find((u) => u.orgId === values.orgId);
    const people = (candidates.data ?? []).filter((c) => values.userIds?.includes(c.userId));
    const rows: ListRow[] = people.map((p) => ({
      activityId,
      level: values.level!,
      userId: p.userId,
      userName: p.userName,
      orgId: values.orgId!,
      orgName: unit?.name ?? p.orgName,
      stage: values.stage!,
      stageName: stages.find(([s]) => s === values.stage)?.[1] ?? '',
      subjectCode: values.subjectCode!,
      subjectName: subjects.find(([s]) => s === values.subjectCode)?.[1] ?? '',
      finalReviewer: !!values.finalReviewer,
    }));
    const next = addRows(list ?? [], rows);
    setList(next.list);
    touch(...rows.map(groupKey));
    form.setFieldValue('userIds', []);
    void message.info(t('rv.cp.added', { n: next.added }));
  };

  const save = async () => {
    setSaving(true);
    setFailure('');
    try {
      for (const body of saveBodies(activityId, list ?? [], changed)) await api.saveGroup(body);
      void message.success(t('kit.success'));
      stored.reload();
    } catch (error) {
      setFailure(`${t('kit.failure')}：${errorText(error)}`);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<ListRow> = [
    { key: 'user', title: t('rv.cp.col.user'), render: (_, r) => r.userName },
    { key: 'level', title: t('rv.cp.col.level'), render: (_, r) => label.level(r.level) },
    { key: 'unit', title: t('rv.cp.col.unit'), render: (_, r) => r.orgName },
    { key: 'subject', title: t('rv.cp.col.subject'), render: (_, r) => `${r.stageName}${r.subjectName}` },
    { key: 'final', title: t('rv.cp.col.final'), render: (_, r) => (r.finalReviewer ? t('rv.cp.yes') : '—') },
    { key: 'progress', title: t('rv.cp.col.progress'), render: (_, r) => (r.id ? `${r.pending ?? 0} / ${r.done ?? 0}` : '—') },
    {
      key: 'actions',
      title: t('rv.cp.col.actions'),
      render: (_, r) => (
        <Button
          type="link"
          danger
          aria-label={t('rv.cp.removeAria', { name: r.userName })}
          onClick={() => {
            setList((l) => (l ?? []).filter((x) => x !== r));
            touch(groupKey(r));
          }}
        >
          {t('rv.cp.remove')}
        </Button>
      ),
    },
  ];

  if (detail.status === 'failed' && !detail.data) return <LoadFailed message={detail.message} onRetry={detail.reload} />;
  if (!detail.data) return <Skeleton active />;
  const levels = detail.data.reviewLevels;

  return (
    <div className="ds-mgmt-screen">
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">{t('mgmt.checkPerson')}</h1>
        <span className="ds-mgmt-muted">{t('rv.cp.activity', { name: detail.data.name })}</span>
        <Link to={LIST_PATH}>{t('mgmt.activemana')}</Link>
        <Link to={checkWorksPath(activityId)}>{t('mgmt.checkWorks')}</Link>
      </div>
      {levels.length === 0 ? <Alert type="warning" showIcon title={t('rv.cp.noLevels')} /> : null}
      <section className="ds-rv-pane" aria-labelledby="rv-assign">
        <h2 id="rv-assign">{t('rv.cp.assign')}</h2>
        <Form<AssignValues> form={form} name="assignReviewers" layout="inline" className="ds-mgmt-filters" onFinish={add}>
          <Form.Item name="level" label={t('rv.level')} rules={[{ required: true, message: t('rv.cp.candidatesHelp') }]}>
            <Select className="ds-mgmt-select" onChange={() => form.setFieldsValue({ orgId: undefined, userIds: [] })} options={levels.map((l) => ({ value: l, label: label.level(l) }))} />
          </Form.Item>
          <Form.Item name="stage" label={t('rv.stage')} rules={[{ required: true, message: t('rv.cp.candidatesHelp') }]}>
            <Select className="ds-mgmt-select" onChange={() => form.setFieldsValue({ subjectCode: undefined, userIds: [] })} options={stages.map(([value, name]) => ({ value, label: name }))} />
          </Form.Item>
          <Form.Item name="subjectCode" label={t('rv.subject')} rules={[{ required: true, message: t('rv.cp.candidatesHelp') }]}>
            <Select className="ds-mgmt-select" onChange={() => form.setFieldValue('userIds', [])} options={subjects.map(([value, name]) => ({ value, label: name }))} />
          </Form.Item>
          <Form.Item name="orgId" label={t('rv.cp.unit')} rules={[{ required: true, message: t('rv.cp.candidatesHelp') }]}>
            <Select className="ds-rv-activity" showSearch optionFilterProp="label" onChange={() => form.setFieldValue('userIds', [])} options={units.map((u) => ({ value: u.orgId, label: u.name }))} />
          </Form.Item>
          <Form.Item name="userIds" label={t('rv.cp.candidates')} rules={[{ required: true, type: 'array', min: 1, message: t('rv.cp.candidatesHelp') }]}>
            <Select
              mode="multiple"
              className="ds-rv-activity"
              disabled={!ready}
              placeholder={ready ? undefined : t('rv.cp.candidatesHelp')}
              loading={candidates.status === 'loading'}
              showSearch
              filterOption={false}
              onSearch={(text) => setKeyword(text.trim())}
              options={(candidates.data ?? []).map((c) => ({ value: c.userId, label: `${c.userName}（${c.orgName}）` }))}
            />
          </Form.Item>
          <Form.Item name="finalReviewer" valuePropName="checked">
            <Checkbox>{t('rv.cp.final')}</Checkbox>
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit">{t('rv.cp.add')}</Button>
          </Form.Item>
        </Form>
        {candidates.status === 'failed' ? <Alert type="error" showIcon title={candidates.message} /> : null}
      </section>
      {stored.status === 'failed' ? <LoadFailed message={stored.message} onRetry={stored.reload} /> : null}
      <div className="ds-mgmt-batch">
        <Button type="primary" loading={saving} disabled={!dirty} onClick={() => void save()}>
          {t('rv.cp.save')}
        </Button>
        {dirty ? <span className="ds-mgmt-muted" role="status">{t('rv.cp.unsaved')}</span> : null}
      </div>
      {failure ? <Alert type="error" showIcon role="alert" title={failure} /> : null}
      <div className="ds-mgmt-table">
        <Table<ListRow>
          aria-label={t('rv.cp.table')}
          rowKey={(r) => `${r.level}|${r.userId}|${r.orgId}|${r.stage}|${r.subjectCode}`}
          columns={columns}
          dataSource={list ?? []}
          loading={list === null}
          locale={{ emptyText: t('rv.cp.empty') }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      </div>
    </div>
  );
}
