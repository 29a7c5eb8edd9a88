import { Alert, Button, Empty, Table, type TableColumnsType, type TableProps } from 'antd';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { useAsync, type AsyncState } from '../../lessons/useAsync';
import type { FilterSpec, TableState } from './tableState';
import type { TableController } from './useTableState';

/** What the server answers for one page of a back-office table. */
export interface ServerPage<T> {
  rows: T[];
  total: number;
}

export type PageLoad<T> = AsyncState<ServerPage<T>> & { reload: () => void };

/** Loads the page `state` describes whenever it changes; the last page stays on screen meanwhile. */
export function useServerPage<T, S extends FilterSpec>(state: TableState<S>, load: (state: TableState<S>) => Promise<ServerPage<T>>): PageLoad<T> {
  // The state is a fresh object per URL change; its JSON is what decides whether to ask again.
  return useAsync(() => load(state), [JSON.stringify(state)]);
}

export interface ServerTableProps<T, S extends FilterSpec> {
  table: TableController<S>;
  page: PageLoad<T>;
  /** Sortable columns say `sorter: true` and have `key` equal to a `sortFields` entry of the spec. */
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  /** The table's accessible name. */
  label: string;
  /** Row selection for batch actions; cleared when the page, sort or filters change. */
  selection?: { selected: string[]; onChange: (keys: string[]) => void };
  /** A row's name, for its selection checkbox's accessible label (选择《…》). */
  rowName?: (row: T) => string;
  empty?: ReactNode;
  /** Rows that open onto more detail (antd's `expandable`). */
  expandable?: TableProps<T>['expandable'];
  /** Own row or body components and row props (a drag-sortable body). */
  components?: TableProps<T>['components'];
  onRow?: TableProps<T>['onRow'];
}

/**
 * A server-paged antd table bound to a `useTableState` controller: pager, page size and sort write
 * the URL; loading, empty (with `empty`) and failed (the server's words and 重试) states.
 */
export function ServerTable<T extends object, S extends FilterSpec>({ table, page, columns, rowKey, label, selection, rowName, empty, expandable, components, onRow }: ServerTableProps<T, S>) {
  const t = useT();
  const { state } = table;
  const stateKey = JSON.stringify(state);
  // A selection belongs to the rows it was made on: another page, sort or filter clears it.
  const shownKey = useRef(stateKey);
  const clear = selection?.onChange;
  useEffect(() => {
    if (shownKey.current !== stateKey) {
      shownKey.current = stateKey;
      clear?.([]);
    }
  }, [stateKey, clear]);

  const sorted = columns.map((column) =>
    column.sorter && column.key !== undefined
      ? { ...column, sortOrder: state.sort?.field === column.key ? state.sort.order : null }
      : column,
  );
  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      table.setSort(one?.order && one.columnKey !== undefined ? { field: String(one.columnKey), order: one.order } : null);
    } else if (extra.action === 'paginate') {
      table.setPage(pagination.current ?? 1, pagination.pageSize ?? state.pageSize);
    }
  };

  return (
    <div className="ds-mgmt-table">
      {page.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={t('kit.loadFailed')}
          description={page.message}
          action={<Button onClick={page.reload}>{t('retry')}</Button>}
        />
      ) : null}
      <Table<T>
        aria-label={label}
        rowKey={rowKey}
        columns={sorted}
        dataSource={page.data?.rows ?? []}
        loading={page.status === 'loading'}
        // No `scroll`: its hidden measure row holds focusable cells (axe: aria-hidden-focus); the
        // container scrolls sideways instead (management.css).
        locale={{ emptyText: page.status === 'ready' ? <Empty description={empty ?? t('kit.empty')} /> : <span /> }}
        rowSelection={
          selection
            ? {
                selectedRowKeys: selection.selected,
                onChange: (keys) => selection.onChange(keys.map(String)),
                preserveSelectedRowKeys: false,
                getCheckboxProps: (row) => ({ 'aria-label': t('kit.selectRow', { name: rowName ? rowName(row) : String(row[rowKey]) }) }),
                columnTitle: (checkbox: ReactNode) => <OutsideMeasureRow>{checkbox}</OutsideMeasureRow>,
              }
            : undefined
        }
        onChange={onChange}
        expandable={expandable}
        components={components}
        onRow={onRow}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: page.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('kit.total', { total }),
        }}
      />
    </div>
  );
}

/**
 * antd copies every column title into a hidden row (`aria-hidden`) to measure widths; the select-all
 * checkbox there would be a focusable element nobody can see. That copy is made inert.
 */
function OutsideMeasureRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current?.closest('[aria-hidden="true"]')) ref.current.inert = true;
  }, []);
  return <span ref={ref}>{children}</span>;
}
