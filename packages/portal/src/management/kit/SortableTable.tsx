import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';
import { Button, Table, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes } from 'react';
import { useT, type Translate } from '../../i18n/useT';
import { reorderIds } from './reorder';

type HandleProps = Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef'>;
const HandleContext = createContext<HandleProps | null>(null);

/** The drag handle of a row: a real button, so the keyboard can pick the row up (Space), move it (↑ ↓) and drop it (Space). */
export function DragHandle({ label }: { label: string }) {
  const handle = useContext(HandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      className="ds-drag-handle"
      aria-label={label}
      ref={handle?.setActivatorNodeRef}
      {...handle?.attributes}
      {...handle?.listeners}
      role="button"
      style={{ cursor: 'grab', touchAction: 'none' }}
    />
  );
}

/**
 * The handle column of a sortable list, for writers only (none otherwise). While a filter shows part of
 * the list the order cannot be changed: a dash says why.
 */
export function dragColumns<T>(t: Translate, options: { writable: boolean; filtered: boolean; nameOf: (row: T) => string }): TableColumnsType<T> {
  if (!options.writable) return [];
  return [
    {
      key: 'drag',
      title: <span className="ds-visually-hidden">{t('names.sort')}</span>,
      width: 48,
      render: (_: unknown, row: T) =>
        options.filtered ? (
          <Tooltip title={t('names.dragDisabled')}>
            <span aria-hidden="true">—</span>
          </Tooltip>
        ) : (
          <DragHandle label={t('kit.sort.handle', { name: options.nameOf(row) })} />
        ),
    },
  ];
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string }) {
  const id = props['data-row-key'] ?? '';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = { ...props.style, transform: CSS.Translate.toString(transform), transition, ...(isDragging ? { position: 'relative', zIndex: 10 } : {}) };
  const handle = useMemo(() => ({ attributes, listeners, setActivatorNodeRef }), [attributes, listeners, setActivatorNodeRef]);
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

export interface SortableTableProps<T> {
  rows: T[];
  rowKey: keyof T & string;
  /** Put `<DragHandle label>` in a column of your own (usually the first). */
  columns: TableColumnsType<T>;
  label: string;
  /** The whole new order of ids after a drop; the screen sends it (updateSort) and reloads. */
  onReorder: (ids: string[]) => void;
  /** A row's name for the screen-reader announcements. */
  nameOf: (row: T) => string;
  disabled?: boolean;
  loading?: boolean;
  selection?: { selected: string[]; onChange: (keys: string[]) => void };
  empty?: TableProps<T>['locale'];
}

/**
 * An antd table whose rows are put in order by dragging their handle (mouse, touch, or keyboard with
 * announcements in the user's language). For short ordered lists that fit one page (topics, types, tags).
 */
export function SortableTable<T extends object>({ rows, rowKey, columns, label, onReorder, nameOf, disabled, loading, selection, empty }: SortableTableProps<T>) {
  const t = useT();
  const ids = rows.map((row) => String(row[rowKey]));
  const names = new Map(rows.map((row) => [String(row[rowKey]), nameOf(row)]));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const at = (id: unknown) => ({ name: names.get(String(id)) ?? '', position: ids.indexOf(String(id)) + 1 });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('kit.sort.picked', at(active.id)),
    onDragOver: ({ active, over }) => (over ? t('kit.sort.over', { ...at(active.id), position: at(over.id).position }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('kit.sort.dropped', { ...at(active.id), position: at(over.id).position }) : t('kit.sort.cancelled', at(active.id))),
    onDragCancel: ({ active }) => t('kit.sort.cancelled', at(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const next = reorderIds(ids, String(active.id), over ? String(over.id) : null);
    if (next) onReorder(next);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('kit.sort.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Table<T>
          aria-label={label}
          rowKey={rowKey}
          columns={columns}
          dataSource={rows}
          loading={loading}
          pagination={false}
          locale={empty}
          components={{ body: { row: SortableRow } }}
          rowSelection={selection ? { selectedRowKeys: selection.selected, onChange: (keys) => selection.onChange(keys.map(String)) } : undefined}
        />
      </SortableContext>
    </DndContext>
  );
}
