/**
 * A back-office table's state (page, page size, sort, filters) as URL search parameters, so a reload or
 * a shared link shows the same table and back/forward steps through what the user did. Pure: the hook
 * `useTableState` reads and writes it through react-router.
 *
 * URL form: `page=3&size=20&sort=liveStartTime&order=desc&stage=2&time=1700000000000,1700086400000`.
 * Defaults are left out of the URL (page 1, the spec's default size and sort, empty filters); a value
 * that does not parse (a hand-edited link) falls back to the default instead of failing the screen.
 */

/** How one filter is written in the URL: free text, an integer, or an integer range (two ends). */
export type FilterKind = 'text' | 'int' | 'range';
export type FilterSpec = Readonly<Record<string, FilterKind>>;

type ValueOf<K extends FilterKind> = K extends 'text' ? string : K extends 'int' ? number : readonly [number, number];
export type Filters<S extends FilterSpec> = { -readonly [N in keyof S]?: ValueOf<S[N]> };

export type SortOrder = 'ascend' | 'descend';
export interface SortState {
  field: string;
  order: SortOrder;
}

export interface TableState<S extends FilterSpec> {
  page: number;
  pageSize: number;
  sort: SortState | null;
  filters: Filters<S>;
}

export interface TableSpec<S extends FilterSpec> {
  /** The filters the table offers, by URL name. */
  filters: S;
  /** Page sizes offered; the first is the default. */
  pageSizes?: readonly number[];
  /** Columns the server sorts by; a `sort` outside this list is ignored. */
  sortFields?: readonly string[];
  defaultSort?: SortState | null;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const RESERVED = new Set(['page', 'size', 'sort', 'order']);

const int = (text: string | null): number | undefined => {
  if (text === null || !/^-?\d{1,16}$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
};

function readFilter(kind: FilterKind, raw: string | null): string | number | readonly [number, number] | undefined {
  if (raw === null || raw === '') return undefined;
  if (kind === 'text') return raw;
  if (kind === 'int') return int(raw);
  const [from, to, ...rest] = raw.split(',');
  const a = int(from ?? null);
  const b = int(to ?? null);
  return rest.length === 0 && a !== undefined && b !== undefined && a <= b ? [a, b] : undefined;
}

function writeFilter(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) return value.length === 2 ? `${value[0]},${value[1]}` : null;
  return String(value);
}

export function readTableState<S extends FilterSpec>(params: URLSearchParams, spec: TableSpec<S>): TableState<S> {
  const sizes = spec.pageSizes ?? PAGE_SIZES;
  const page = int(params.get('page'));
  const size = int(params.get('size'));
  const field = params.get('sort');
  const order = params.get('order');
  const sortable = field !== null && (spec.sortFields ?? []).includes(field) && (order === 'asc' || order === 'desc');
  const filters: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(spec.filters)) {
    if (RESERVED.has(name)) throw new Error(`filter name "${name}" is reserved for paging and sorting`);
    const value = readFilter(kind, params.get(name));
    if (value !== undefined) filters[name] = value;
  }
  return {
    page: page !== undefined && page >= 1 ? page : 1,
    pageSize: size !== undefined && sizes.includes(size) ? size : sizes[0]!,
    sort: sortable ? { field, order: order === 'asc' ? 'ascend' : 'descend' } : order === 'none' ? null : (spec.defaultSort ?? null),
    filters: filters as Filters<S>,
  };
}

/**
 * The URL parameters of `state`, starting from `base` so parameters the table does not own survive.
 * Writing what `readTableState` read gives the same state back.
 */
export function writeTableState<S extends FilterSpec>(state: TableState<S>, spec: TableSpec<S>, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (name: string, value: string | null) => (value === null ? params.delete(name) : params.set(name, value));
  const sizes = spec.pageSizes ?? PAGE_SIZES;
  set('page', state.page > 1 ? String(state.page) : null);
  set('size', state.pageSize !== sizes[0] ? String(state.pageSize) : null);
  const sameAsDefault = state.sort?.field === spec.defaultSort?.field && state.sort?.order === spec.defaultSort?.order;
  set('sort', state.sort && !sameAsDefault ? state.sort.field : null);
  set('order', state.sort && !sameAsDefault ? (state.sort.order === 'ascend' ? 'asc' : 'desc') : null);
  // No sort at all while the spec has a default: say so, or reading would bring the default back.
  if (!state.sort && spec.defaultSort) set('order', 'none');
  for (const name of Object.keys(spec.filters)) set(name, writeFilter((state.filters as Record<string, unknown>)[name]));
  return params;
}
