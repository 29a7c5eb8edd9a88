import { DatePicker, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { auditLogApi, type AuditRecord } from '../../api/auditLog';
import { useT, type TKey } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { usePortal } from '../../platform/PortalContext';
import { ServerTable, useServerPage, useTableState, SearchButtons } from '../kit';
import { AUDIT_SPEC, changeRows, toAuditFilter, type ChangeRow } from './auditView';

interface FilterForm {
  keyword?: string;
  action?: string;
  entityId?: string;
  time?: [Dayjs, Dayjs] | null;
}

/** An action's name on screen: the known ones in words, any other as recorded. */
function useActionLabel(): (action: string) => string {
  const t = useT();
  return (action) => {
    const key = `audit.action.${action}` as TKey;
    const label = t(key);
    return label === key ? action : `${label}（${action}）`;
  };
}

/**
 * 操作日志 (city bureau only): the append-only audit log, read-only. Filters (person, action, record,
 * dates) and paging live in the URL; a row opens to show each changed field before → after.
 */
export default function AuditLogScreen() {
  const t = useT();
  const { platform } = usePortal();
  const api = useMemo(() => auditLogApi(platform), [platform]);
  const table = useTableState(AUDIT_SPEC);
  const page = useServerPage(table.state, (state) => api.page(toAuditFilter(state)));
  const [actions, setActions] = useState<string[]>([]);
  const [form] = Form.useForm<FilterForm>();
  const actionLabel = useActionLabel();
  const { filters } = table.state;

  useEffect(() => {
    void api.actions().then(setActions, () => setActions([]));
  }, [api]);
  useEffect(() => {
    form.setFieldsValue({
      keyword: filters.keyword ?? '',
      action: filters.action,
      entityId: filters.entityId ?? '',
      time: filters.time ? [dayjs(filters.time[0]), dayjs(filters.time[1])] : null,
    });
  }, [form, filters]);

  const search = (values: FilterForm) =>
    table.setFilters({
      ...(values.keyword?.trim() ? { keyword: values.keyword.trim() } : {}),
      ...(values.action ? { action: values.action } : {}),
      ...(values.entityId?.trim() ? { entityId: values.entityId.trim() } : {}),
      ...(values.time ? { time: [values.time[0].startOf('day').valueOf(), values.time[1].endOf('day').valueOf()] as const } : {}),
    });

  const columns: TableColumnsType<AuditRecord> = [
    { key: 'at', title: t('audit.col.at'), render: (_, row) => dateTime(row.at) },
    { key: 'actor', title: t('audit.col.actor'), render: (_, row) => `${row.actorName || '—'}（${row.actorRoles.join('、') || '—'}）` },
    { key: 'action', title: t('audit.col.action'), render: (_, row) => actionLabel(row.action) },
    { key: 'record', title: t('audit.col.record'), render: (_, row) => `${row.entity} ${row.entityId}` },
    { key: 'changes', title: t('audit.col.changes'), render: (_, row) => Object.keys(row.changes).join('、') || t('audit.noChange') },
    { key: 'ip', title: t('audit.col.ip'), render: (_, row) => row.ip || '—' },
  ];
  const changeColumns: TableColumnsType<ChangeRow> = [
    { key: 'field', title: t('audit.change.field'), dataIndex: 'field' },
    { key: 'before', title: t('audit.change.before'), dataIndex: 'before' },
    { key: 'after', title: t('audit.change.after'), dataIndex: 'after' },
  ];

  return (
    <div className="ds-mgmt-screen">
      <h2 className="ds-mgmt-screen-title">{t('mgmt.auditLog')}</h2>
      <Form form={form} layout="inline" className="ds-mgmt-filters" onFinish={search} aria-label={t('audit.filters')}>
        <Form.Item name="keyword" label={t('audit.filter.person')}>
          <Input allowClear maxLength={50} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.filter.action')}>
          <Select allowClear style={{ minWidth: 220 }} options={actions.map((a) => ({ value: a, label: actionLabel(a) }))} />
        </Form.Item>
        <Form.Item name="entityId" label={t('audit.filter.record')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="time" label={t('audit.filter.time')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <SearchButtons
          onReset={() => table.setFilters({})}
        />
      </Form>
      <ServerTableWithChanges table={table} page={page} columns={columns} changeColumns={changeColumns} label={t('mgmt.auditLog')} />
    </div>
  );
}

/** The kit's table, each row opening onto its changed fields. */
function ServerTableWithChanges(props: {
  table: ReturnType<typeof useTableState<typeof AUDIT_SPEC.filters>>;
  page: ReturnType<typeof useServerPage<AuditRecord, typeof AUDIT_SPEC.filters>>;
  columns: TableColumnsType<AuditRecord>;
  changeColumns: TableColumnsType<ChangeRow>;
  label: string;
}) {
  const t = useT();
  const { changeColumns } = props;
  const expandable = {
    rowExpandable: (row: AuditRecord) => Object.keys(row.changes).length > 0,
    expandedRowRender: (row: AuditRecord) => (
      <Table<ChangeRow>
        aria-label={t('audit.changesOf', { id: row.entityId })}
        size="small"
        rowKey="field"
        pagination={false}
        columns={changeColumns}
        dataSource={changeRows(row.changes)}
      />
    ),
  };
  return (
    <ServerTable<AuditRecord, typeof AUDIT_SPEC.filters>
      table={props.table}
      page={props.page}
      columns={props.columns}
      rowKey="id"
      label={props.label}
      expandable={expandable}
    />
  );
}
