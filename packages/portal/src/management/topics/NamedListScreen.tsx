import { Button, Input, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import type { NamedEntry, NamedListKind } from '../../api/topics';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import { BatchBar, dragColumns, SortableTable, useActions, useMgmtRights, useTableState, type TableSpec } from '../kit';
import { NameDialog } from './NameDialog';
import { useTopicsAdminApi } from './useTopicsAdminApi';
import './topics.css';

const SPEC = { filters: { keyword: 'text' } } as const satisfies TableSpec<{ keyword: 'text' }>;
/** The lists are short; one page of the largest size holds them, so dragging sees the whole order. */
const ALL = 100;
const MAX_NAME = 20;

export interface NamedListWords {
  title: MessageKey;
  table: MessageKey;
  useCount: MessageKey;
  addTitle: MessageKey;
  editTitle: MessageKey;
}

type Editing = { id: string | null; name: string } | null;

/**
 * A back-office screen for one ordered list of names (special-topic types, lesson tags): search kept
 * in the URL, add and rename in a dialog, drag to reorder, delete one or many after a confirmation.
 * An entry still in use is refused by the server with the count, shown as 操作失败.
 */
export function NamedListScreen({ kind, words }: { kind: NamedListKind; words: NamedListWords }) {
  const t = useT();
  const admin = useTopicsAdminApi();
  const api = kind === 'lessonTag' ? admin.tags : admin.types;
  const table = useTableState(SPEC);
  const keyword = table.state.filters.keyword ?? '';
  const list = useAsync(() => api.page({ pageNum: 1, pageSize: ALL, ...(keyword ? { keyword } : {}) }), [api, keyword]);
  const { run, holder } = useActions();
  const canWrite = useMgmtRights().has('city');
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [draft, setDraft] = useState(keyword);
  const rows = list.data?.rows ?? [];
  const done = () => {
    setSelected([]);
    list.reload();
  };
  const remove = (ids: string[]) => run({ action: () => api.remove(ids), confirm: 'delete', done });

  const columns: TableColumnsType<NamedEntry> = [
    ...dragColumns<NamedEntry>(t, { writable: canWrite, filtered: !!keyword, nameOf: (row) => row.name }),
    { key: 'sort', title: t('names.sort'), dataIndex: 'sort', width: 80 },
    { key: 'name', title: t('names.name'), dataIndex: 'name' },
    { key: 'useCount', title: t(words.useCount), dataIndex: 'useCount', width: 100 },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('names.actions'),
            width: 160,
            render: (_: unknown, row: NamedEntry) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing({ id: row.id, name: row.name })} aria-label={`${t('names.edit')} ${row.name}`}>
                  {t('names.edit')}
                </Button>
                <Button type="link" size="small" danger onClick={() => void remove([row.id])} aria-label={`${t('names.delete')} ${row.name}`}>
                  {t('names.delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <section className="ds-mgmt-screen">
      {holder}
      <h1 className="ds-screen-title">{t(words.title)}</h1>
      <form
        className="ds-mgmt-filters ds-names-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          table.setFilters(draft.trim() ? { keyword: draft.trim() } : {});
        }}
      >
        <label htmlFor={`${kind}-keyword`}>{t('names.keyword')}</label>
        <Input id={`${kind}-keyword`} value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={t('names.keywordPlaceholder')} allowClear style={{ width: 220 }} maxLength={50} />
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
          <Button type="primary" onClick={() => setEditing({ id: null, name: '' })}>
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
      <SortableTable<NamedEntry>
        rows={rows}
        rowKey="id"
        columns={columns}
        label={t(words.table)}
        nameOf={(row) => row.name}
        disabled={!canWrite || !!keyword}
        loading={list.status === 'loading'}
        selection={canWrite ? { selected, onChange: setSelected } : undefined}
        onReorder={(order) => void run({ action: () => api.updateSort(order), done })}
      />
      <NameDialog
        open={editing !== null}
        title={t(editing?.id ? words.editTitle : words.addTitle)}
        initial={editing?.name ?? ''}
        maxLength={MAX_NAME}
        onSave={(name) => (editing?.id ? api.edit(editing.id, name) : api.add(name))}
        onClose={(saved) => {
          setEditing(null);
          if (saved) done();
        }}
      />
    </section>
  );
}
