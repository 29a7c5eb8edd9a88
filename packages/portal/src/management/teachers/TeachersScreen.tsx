import { Stages, subjectsOfStage } from '@dscloud/sdk/codes';
import { Button, Input, Select, Space, Tree, type TableColumnsType } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { teachersApi, type TeacherInfo } from '../../api/teachers';
import { useLocale, useT } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import { usePortal } from '../../platform/PortalContext';
import { BatchBar, ServerTable, useActions, useMgmtRights, useServerPage, useTableState, type TableSpec, type TableState } from '../kit';
import { TeacherAvatar } from '../../teachers/TeacherAvatar';
import { ImportDialog } from './ImportDialog';
import { orgTreeData } from './orgTree';
import { TeacherForm } from './TeacherForm';
import './teachers.css';

const SPEC = { filters: { keyword: 'text', org: 'text', stage: 'int' } } as const satisfies TableSpec<{ keyword: 'text'; org: 'text'; stage: 'int' }>;
type Spec = typeof SPEC.filters;
const STAGES = Stages.entries.filter((stage) => subjectsOfStage(stage.value).length > 0);

/**
 * 教师介绍管理 (/management/type=teaIntro): the teachers of the organisation picked in the tree (the
 * caller's reach), add / edit in a drawer, delete (refused by the server while lessons credit the
 * teacher), and the Excel batch import with its per-row report.
 */
export default function TeachersScreen() {
  const t = useT();
  const lang = useLocale();
  const { platform } = usePortal();
  const api = useMemo(() => teachersApi(platform), [platform]);
  const canWrite = useMgmtRights().has('write');
  const table = useTableState(SPEC);
  const { filters } = table.state;
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  // Back/forward and shared links change the URL: the search box follows (reset while rendering).
  const [urlKeyword, setUrlKeyword] = useState(filters.keyword);
  if (urlKeyword !== filters.keyword) {
    setUrlKeyword(filters.keyword);
    setKeyword(filters.keyword ?? '');
  }
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<TeacherInfo | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const { run, holder } = useActions();

  const orgs = useAsync(() => api.orgTree(), [api]);
  const load = useCallback(
    (state: TableState<Spec>) =>
      api.managerPage({ pageNum: state.page, pageSize: state.pageSize, keyword: state.filters.keyword, orgId: state.filters.org, stage: state.filters.stage }),
    [api],
  );
  const page = useServerPage(table.state, load);
  const tree = useMemo(() => orgTreeData(orgs.data ?? [], { counts: true }), [orgs.data]);
  const reload = () => {
    page.reload();
    orgs.reload();
  };

  const remove = (ids: string[]) =>
    void run({
      action: () => api.remove(ids),
      confirm: 'delete',
      done: () => {
        setSelected([]);
        reload();
      },
    });
  const openForm = (teacher: TeacherInfo | null) => {
    setEditing(teacher);
    setFormOpen(true);
  };

  const columns: TableColumnsType<TeacherInfo> = [
    { title: t('tea.col.avatar'), key: 'avatar', width: 72, render: (_, r) => <TeacherAvatar name={r.name} url={r.avatarUrl} /> },
    { title: t('tea.col.name'), dataIndex: 'name', render: (name: string, r) => <Link to={`/teacher/${r.teacherInfoId}`}>{name}</Link> },
    { title: t('tea.col.sex'), dataIndex: 'sex', width: 70, render: (sex: string) => t(sex === '2' ? 'tea.sex.2' : 'tea.sex.1') },
    { title: t('tea.col.title'), dataIndex: 'title' },
    { title: t('tea.col.school'), dataIndex: 'schoolName' },
    { title: t('tea.col.stage'), dataIndex: 'stageName', width: 80 },
    { title: t('tea.col.subjects'), key: 'subjects', render: (_, r) => r.subjectNames.join('、') },
    { title: t('tea.col.lessons'), dataIndex: 'lessonCount', width: 90 },
    ...(canWrite
      ? [
          {
            title: t('tea.col.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, r: TeacherInfo) => (
              <Space>
                <Button type="link" size="small" onClick={() => openForm(r)} aria-label={`${t('tea.edit')} ${r.name}`}>
                  {t('tea.edit')}
                </Button>
                <Button type="link" size="small" danger onClick={() => remove([r.teacherInfoId])} aria-label={`${t('tea.delete')} ${r.name}`}>
                  {t('tea.delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="ds-mgmt-screen">
      {holder}
      <h2 className="ds-screen-title">{t('mgmt.teaIntro')}</h2>
      <div className="ds-tea-screen">
        <aside className="ds-tea-orgs" aria-label={t('tea.orgs')}>
          <h3>{t('tea.orgs')}</h3>
          <Button type={filters.org ? 'text' : 'link'} onClick={() => table.setFilters({ ...filters, org: undefined })}>
            {t('tea.allOrgs')}
          </Button>
          {tree.length > 0 ? (
            <Tree
              treeData={tree}
              defaultExpandAll
              selectedKeys={filters.org ? [filters.org] : []}
              onSelect={(keys) => table.setFilters({ ...filters, org: keys[0] === undefined ? undefined : String(keys[0]) })}
            />
          ) : null}
        </aside>
        <section className="ds-tea-main">
          <div className="ds-mgmt-toolbar">
            <Input.Search
              allowClear
              aria-label={t('tea.keyword')}
              placeholder={t('tea.keyword')}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              onSearch={(value) => table.setFilters({ ...filters, keyword: value.trim() || undefined })}
              style={{ width: 240 }}
            />
            <Select
              allowClear
              aria-label={t('tea.stage')}
              placeholder={t('tea.stage')}
              value={filters.stage}
              onChange={(value?: number) => table.setFilters({ ...filters, stage: value })}
              options={STAGES.map((s) => ({ value: s.value, label: lang === 'en' ? s.labelEn : s.label }))}
              style={{ width: 140 }}
            />
            {canWrite ? (
              <Space className="ds-tea-actions">
                <Button type="primary" onClick={() => openForm(null)}>
                  {t('tea.add')}
                </Button>
                <Button onClick={() => setImportOpen(true)}>{t('tea.import')}</Button>
              </Space>
            ) : null}
          </div>
          {canWrite ? (
            <BatchBar selected={selected.length}>
              <Button danger disabled={selected.length === 0} onClick={() => remove(selected)}>
                {t('tea.batchDelete')}
              </Button>
            </BatchBar>
          ) : null}
          <ServerTable
            table={table}
            page={page}
            columns={columns}
            rowKey="teacherInfoId"
            label={t('tea.table')}
            selection={canWrite ? { selected, onChange: setSelected } : undefined}
          />
        </section>
      </div>
      <TeacherForm
        api={api}
        orgs={orgs.data ?? []}
        editing={editing}
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          reload();
        }}
      />
      <ImportDialog api={api} open={importOpen} onClose={() => setImportOpen(false)} onImported={reload} />
    </div>
  );
}
