import { Button, Input, Select, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Topic } from '../../api/lessons';
import { useT } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import { BatchBar, dragColumns, SortableTable, useActions, useMgmtRights, useTableState, type TableSpec } from '../kit';
import { TopicDialog } from './TopicDialog';
import { TopicLessonsDrawer } from './TopicLessonsDrawer';
import { useTopicsAdminApi } from './useTopicsAdminApi';
import './topics.css';
import { Thumbnail } from '../../media/Thumbnail';

const SPEC = { filters: { keyword: 'text', typeId: 'text' } } as const satisfies TableSpec<{ keyword: 'text'; typeId: 'text' }>;

/**
 * /management type=special: the special topics in their public order. Search and type filter in the
 * URL; add and edit (cover, description, type) in a dialog; drag to reorder (updateSort) while the
 * whole list is shown; delete one or many after a confirmation; the lessons of a topic in a drawer.
 */
export default function SpecialTopicsScreen() {
  const t = useT();
  const api = useTopicsAdminApi();
  const table = useTableState(SPEC);
  const { keyword = '', typeId = '' } = table.state.filters;
  const list = useAsync(() => api.topics({ ...(keyword ? { keyword } : {}), ...(typeId ? { typeId } : {}) }), [api, keyword, typeId]);
  const types = useAsync(() => api.types.page({ pageNum: 1, pageSize: 100 }), [api]);
  const typeOptions = (types.data?.rows ?? []).map((type) => ({ value: type.id, label: type.name }));
  const { run, holder } = useActions();
  const canWrite = useMgmtRights().has('city');
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Topic | 'new' | null>(null);
  const [lessonsOf, setLessonsOf] = useState<Topic | null>(null);
  const [draft, setDraft] = useState(keyword);
  const filtered = !!keyword || !!typeId;
  const done = () => {
    setSelected([]);
    list.reload();
  };
  const remove = (ids: string[]) => run({ action: () => api.removeTopics(ids), confirm: 'delete', done });

  const columns: TableColumnsType<Topic> = [
    ...dragColumns<Topic>(t, { writable: canWrite, filtered: filtered, nameOf: (row) => row.name }),
    { key: 'sort', title: t('names.sort'), dataIndex: 'sort', width: 70 },
    {
      key: 'cover',
      title: t('special.cover'),
      width: 120,
      render: (_: unknown, row: Topic) =>
        row.coverUrl ? <Thumbnail className="ds-topic-cover" src={row.coverUrl} alt={row.name} width={96} height={54} /> : <span className="ds-mgmt-muted">{t('special.noCover')}</span>,
    },
    { key: 'name', title: t('names.name'), dataIndex: 'name' },
    { key: 'type', title: t('special.type'), render: (_: unknown, row: Topic) => row.typeName ?? t('special.typeNone'), width: 120 },
    { key: 'lessonCount', title: t('special.lessonCount'), dataIndex: 'lessonCount', width: 90 },
    {
      key: 'actions',
      title: t('names.actions'),
      width: 200,
      render: (_: unknown, row: Topic) => (
        <Space size={0}>
          {canWrite ? (
            <Button type="link" size="small" onClick={() => setEditing(row)} aria-label={`${t('names.edit')} ${row.name}`}>
              {t('names.edit')}
            </Button>
          ) : null}
          <Button type="link" size="small" onClick={() => setLessonsOf(row)} aria-label={`${t('special.lessons')} ${row.name}`}>
            {t('special.lessons')}
          </Button>
          {canWrite ? (
            <Button type="link" size="small" danger onClick={() => void remove([row.specialSubjectId])} aria-label={`${t('names.delete')} ${row.name}`}>
              {t('names.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <section className="ds-mgmt-screen">
      {holder}
      <h1 className="ds-screen-title">{t('mgmt.special')}</h1>
      <form
        className="ds-mgmt-filters ds-names-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          table.setFilters({ ...(draft.trim() ? { keyword: draft.trim() } : {}), ...(typeId ? { typeId } : {}) });
        }}
      >
        <label htmlFor="special-keyword">{t('names.keyword')}</label>
        <Input id="special-keyword" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={t('names.keywordPlaceholder')} allowClear style={{ width: 200 }} maxLength={50} />
        <Select
          aria-label={t('special.type')}
          style={{ width: 180 }}
          value={typeId}
          onChange={(value: string) => table.setFilters({ ...(keyword ? { keyword } : {}), ...(value ? { typeId: value } : {}) })}
          options={[{ value: '', label: t('special.typeAll') }, ...typeOptions]}
        />
        <Button type="primary" htmlType="submit">
          {t('kit.search')}
        </Button>
        <Button
          onClick={() => {
            setDraft('');
            table.setFilters({});
          }}
        >
          {t('kit.reset')}
        </Button>
      </form>
      {canWrite ? (
        <BatchBar selected={selected.length}>
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('names.add')}
          </Button>
          <Button danger disabled={selected.length === 0} onClick={() => void remove(selected)}>
            {t('names.batchDelete')}
          </Button>
        </BatchBar>
      ) : null}
      {list.status === 'failed' ? (
        <p role="alert">
          {t('kit.loadFailed')}：{list.message} <Button onClick={list.reload}>{t('retry')}</Button>
        </p>
      ) : null}
      <SortableTable<Topic>
        rows={list.data ?? []}
        rowKey="specialSubjectId"
        columns={columns}
        label={t('special.table')}
        nameOf={(row) => row.name}
        disabled={!canWrite || filtered}
        loading={list.status === 'loading'}
        selection={canWrite ? { selected, onChange: setSelected } : undefined}
        onReorder={(order) => void run({ action: () => api.sortTopics(order), done })}
      />
      <TopicDialog
        topic={editing}
        types={typeOptions}
        onSave={(input) => (editing && editing !== 'new' ? api.editTopic(editing.specialSubjectId, input) : api.addTopic(input))}
        onClose={(saved) => {
          setEditing(null);
          if (saved) done();
        }}
      />
      <TopicLessonsDrawer
        topic={lessonsOf}
        canWrite={canWrite}
        onClose={(changed) => {
          setLessonsOf(null);
          if (changed) list.reload();
        }}
      />
    </section>
  );
}
