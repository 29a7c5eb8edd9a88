/**
 * The back-office kit: what every /management screen is made of. Copy
 * `management/lessons/LiveLessonsScreen.tsx` for a new screen.
 *
 * - `TableSpec` + `useTableState(spec)`: page, page size, sort and filters in the URL (reload, shared
 *   link, back/forward). Declare the spec as a module constant:
 *   `const SPEC = { filters: { stage: 'int', keyword: 'text', time: 'range' }, sortFields: ['title'] } as const satisfies TableSpec<…>`.
 * - `useServerPage(table.state, load)` + `<ServerTable table page columns rowKey label selection? empty? />`:
 *   a server-paged antd table with loading, empty and failed (重试) states; `selection` for batch actions.
 * - `useActions()` → `{ run, holder }`: `run({ action, confirm: 'delete', done })` asks (提示 / 确定要删除吗),
 *   calls, and reports 操作成功 / 操作失败 (2810137 as a warning). Render `holder` once.
 * - `<BatchBar selected>`: batch buttons and the selected count.
 * - `<SortableTable rows rowKey columns onReorder nameOf>` + `<DragHandle label>`: a short ordered list
 *   put in order by dragging (mouse, touch, keyboard: Space, ↑ ↓, Space), for updateSort calls.
 * - `markServerError(form, error, toPath?)`: shows a failed save under the field the server named (`data.field`).
 * - `<ExportButton start fileName />`: 导出 with progress (bytes of Content-Length, or indeterminate), 取消, the
 *   server's RFC 6266 file name and its refusal's own words; `start` is a blob call taking
 *   `{ onDownloadProgress, signal }` (the state machine is `download.ts`).
 * - `MgmtAccess`, `useMgmtRights()`: what the signed-in user may do (the server enforces it; the screen hides).
 *
 * API calls live in `packages/portal/src/api/<domain>.ts`; words in `i18n/<screen>Messages.ts`.
 */
export { readTableState, writeTableState, PAGE_SIZES } from './tableState';
export type { FilterKind, FilterSpec, Filters, SortOrder, SortState, TableSpec, TableState } from './tableState';
export { useTableState, type TableController } from './useTableState';
export { ServerTable, useServerPage, type PageLoad, type ServerPage, type ServerTableProps } from './ServerTable';
export { useActions, type ActionOptions, type Actions } from './useActions';
export { BatchBar } from './BatchBar';
export { SearchButtons } from './SearchButtons';
export { SortableTable, DragHandle, dragColumns, type SortableTableProps } from './SortableTable';
export { reorderIds } from './reorder';
export { markServerError, serverField, pathOf, type FieldPath } from '../../forms/serverFieldError';
export { rightsOf, useMgmtRights, type MgmtAccess } from './access';
export { ExportButton, type ExportButtonProps, type ExportCall } from './ExportButton';
export { downloadTransition, formatBytes, percentOf, type DownloadState } from './download';
