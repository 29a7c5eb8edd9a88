import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { App, Button, Form, Input, Select, Space, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { manageCarouselApi, type ManagedSlide, type SlideFilter } from '../../api/manageCarousel';
import { useT } from '../../i18n/useT';
import { usePortal } from '../../platform/PortalContext';
import { BatchBar, ServerTable, useActions, useMgmtRights, useServerPage, useTableState, type TableSpec, type TableState, SearchButtons } from '../kit';
import { canDragSort, levelOrderAfterMove } from './carouselOrder';
import { SlideEditDrawer } from './SlideEditDrawer';
import { DragHandle, SortableRow } from './SortableRow';
import './carousel.css';
import { Thumbnail } from '../../media/Thumbnail';

type CarouselFilters = { keyword: 'text'; visibility: 'text'; enabled: 'int' };
const SPEC = { filters: { keyword: 'text', visibility: 'text', enabled: 'int' }, pageSizes: [50, 100] } as const satisfies TableSpec<CarouselFilters>;
const VISIBILITIES = ['all', 'loggedIn', 'loggedInNotStudent'] as const;

function toFilter(state: TableState<CarouselFilters>): SlideFilter {
  const { keyword, visibility, enabled } = state.filters;
  return {
    pageNum: state.page,
    pageSize: state.pageSize,
    ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
    ...(VISIBILITIES.includes(visibility as never) ? { visibility: visibility as SlideFilter['visibility'] } : {}),
    ...(enabled === 0 || enabled === 1 ? { enabled } : {}),
  };
}

/**
 * 轮播图管理 (type=lbt): the home banner's slides of the caller's reach (the city's for the city bureau,
 * a district's or school's own for theirs), in home-page order. Drag a row (or use the keyboard) to
 * reorder within its level; new / edit with an in-browser crop to 1920 × 430; enable, disable and
 * delete one or many. The home page reads the slides afresh on every load, so changes show at once.
 */
export default function CarouselScreen() {
  const t = useT();
  const { platform } = usePortal();
  const { message } = App.useApp();
  const api = useMemo(() => manageCarouselApi(platform), [platform]);
  const table = useTableState(SPEC);
  const page = useServerPage(table.state, (state) => api.page(toFilter(state)));
  // A reorder shows at once, before the reload: the moved order holds until the next page arrives.
  const [moved, setMoved] = useState<{ page: typeof page.data; rows: ManagedSlide[] } | null>(null);
  const rows = moved && moved.page === page.data ? moved.rows : (page.data?.rows ?? []);
  const setRows = (next: ManagedSlide[]) => setMoved({ page: page.data, rows: next });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ slide: ManagedSlide | null } | null>(null);
  const { run, holder } = useActions();
  const canWrite = useMgmtRights().has('write');
  const [filterForm] = Form.useForm<{ keyword?: string; visibility?: string; enabled?: number }>();
  const { filters } = table.state;
  const reload = page.reload;

  useEffect(() => filterForm.setFieldsValue({ keyword: filters.keyword ?? '', visibility: filters.visibility, enabled: filters.enabled }), [filterForm, filters]);

  const draggable = canWrite && canDragSort(table.state, page.data?.total ?? 0, table.state.pageSize);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const chosen = rows.filter((r) => selected.includes(r.carouselImageId));
  const done = () => {
    setSelected([]);
    reload();
  };
  const batch = (list: ManagedSlide[], operation: 'enable' | 'disable' | 'delete') =>
    run({ action: () => api.batch(list.map((s) => s.carouselImageId), operation), confirm: operation === 'delete' ? 'delete' : undefined, done });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const order = levelOrderAfterMove(rows, String(active.id), String(over.id));
    if (!order) {
      if (active.id !== over.id) void message.warning(t('lbt.dragOtherLevel'));
      return;
    }
    // Shown in the new order at once; the server's answer then reloads the list.
    const position = new Map(order.map((id, i) => [id, i]));
    const firstOfLevel = rows.findIndex((r) => position.has(r.carouselImageId));
    const others = rows.filter((r) => !position.has(r.carouselImageId));
    const moved = order.map((id) => rows.find((r) => r.carouselImageId === id)!);
    setRows([...others.slice(0, firstOfLevel), ...moved, ...others.slice(firstOfLevel)]);
    void run({ action: () => api.sort(order), done: reload }).then((ok) => {
      if (!ok) reload();
    });
  };

  const titleOf = (id: UniqueIdentifier) => rows.find((r) => r.carouselImageId === id)?.title ?? String(id);
  // What a screen reader hears while a row is moved by keyboard, by title.
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('lbt.dnd.start', { a: titleOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('lbt.dnd.over', { a: titleOf(active.id), o: titleOf(over.id) }) : t('lbt.dnd.nowhere', { a: titleOf(active.id) })),
    onDragEnd: ({ active, over }) => (over ? t('lbt.dnd.end', { a: titleOf(active.id), o: titleOf(over.id) }) : t('lbt.dnd.dropped', { a: titleOf(active.id) })),
    onDragCancel: ({ active }) => t('lbt.dnd.cancel', { a: titleOf(active.id) }),
  };

  const columns: TableColumnsType<ManagedSlide> = [
    ...(draggable ? [{ key: 'drag', title: '', width: 48, render: (_: unknown, row: ManagedSlide) => <DragHandle label={t('lbt.drag', { title: row.title })} /> }] : []),
    {
      key: 'image',
      title: t('lbt.col.image'),
      render: (_, row) => (row.imageUrl ? <Thumbnail className="ds-lbt-thumb" src={platform.http.url(row.imageUrl)} alt={row.title} width={172} height={39} /> : '—'),
    },
    { key: 'title', title: t('lbt.col.title'), render: (_, row) => row.title },
    { key: 'level', title: t('lbt.col.level'), render: (_, row) => (row.orgId ? row.orgName || row.orgId : t('lbt.city')) },
    { key: 'visibility', title: t('lbt.col.visibility'), render: (_, row) => t(`lbt.visibility.${row.visibility}`) },
    {
      key: 'target',
      title: t('lbt.col.target'),
      render: (_, row) => (row.target.type === 'route' ? row.target.path : row.target.type === 'url' ? row.target.url : t(`lbt.target.${row.target.type}`)),
    },
    { key: 'status', title: t('lbt.col.status'), render: (_, row) => <span className={row.enabled ? 'ds-lbt-on' : 'ds-lbt-off'}>{t(row.enabled ? 'lbt.enabled' : 'lbt.disabled')}</span> },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('lbt.col.actions'),
            render: (_: unknown, row: ManagedSlide) => (
              <Space size={0} wrap role="group" aria-label={row.title}>
                <Button type="link" onClick={() => setEditing({ slide: row })}>
                  {t('lbt.edit')}
                </Button>
                <Button type="link" onClick={() => void batch([row], row.enabled ? 'disable' : 'enable')}>
                  {t(row.enabled ? 'lbt.disable' : 'lbt.enable')}
                </Button>
                <Button type="link" danger onClick={() => void batch([row], 'delete')}>
                  {t('lbt.delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const tableView = (
    <ServerTable<ManagedSlide, CarouselFilters>
      table={table}
      page={{ ...page, data: page.data ? { ...page.data, rows } : page.data } as typeof page}
      columns={columns}
      rowKey="carouselImageId"
      label={t('mgmt.lbt')}
      selection={canWrite ? { selected, onChange: setSelected } : undefined}
      empty={t('lbt.empty')}
      components={draggable ? { body: { row: SortableRow } } : undefined}
    />
  );

  return (
    <div className="ds-mgmt-screen">
      {holder}
      <h2 className="ds-mgmt-screen-title">{t('mgmt.lbt')}</h2>
      <Form
        form={filterForm}
        layout="inline"
        className="ds-mgmt-filters"
        aria-label={t('lbt.filters')}
        onFinish={(v) =>
          table.setFilters({
            ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
            ...(v.visibility ? { visibility: v.visibility } : {}),
            ...(v.enabled === 0 || v.enabled === 1 ? { enabled: v.enabled } : {}),
          })
        }
      >
        <Form.Item name="keyword" label={t('lbt.filter.keyword')}>
          <Input allowClear maxLength={50} />
        </Form.Item>
        <Form.Item name="visibility" label={t('lbt.filter.visibility')}>
          <Select allowClear style={{ minWidth: 180 }} options={VISIBILITIES.map((v) => ({ value: v, label: t(`lbt.visibility.${v}`) }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('lbt.filter.status')}>
          <Select allowClear style={{ minWidth: 100 }} options={[{ value: 1, label: t('lbt.enabled') }, { value: 0, label: t('lbt.disabled') }]} />
        </Form.Item>
        <SearchButtons
          onReset={() => table.setFilters({})}
        />
      </Form>
      {canWrite ? (
        <>
          <BatchBar selected={chosen.length}>
            <Button type="primary" onClick={() => setEditing({ slide: null })}>
              {t('lbt.add')}
            </Button>
            <Button disabled={!chosen.length} onClick={() => void batch(chosen, 'enable')}>
              {t('lbt.batchEnable')}
            </Button>
            <Button disabled={!chosen.length} onClick={() => void batch(chosen, 'disable')}>
              {t('lbt.batchDisable')}
            </Button>
            <Button danger disabled={!chosen.length} onClick={() => void batch(chosen, 'delete')}>
              {t('lbt.batchDelete')}
            </Button>
          </BatchBar>
          <p className="ds-mgmt-muted">{t(draggable ? 'lbt.dragHint' : 'lbt.dragOff')}</p>
        </>
      ) : null}
      {draggable ? (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('lbt.dnd.instructions') } }}>
          <SortableContext items={rows.map((r) => r.carouselImageId)} strategy={verticalListSortingStrategy}>
            {tableView}
          </SortableContext>
        </DndContext>
      ) : (
        tableView
      )}
      <SlideEditDrawer
        api={api}
        slide={editing?.slide ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </div>
  );
}
