import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readTableState, writeTableState, type FilterSpec, type Filters, type SortState, type TableSpec, type TableState } from './tableState';

export interface TableController<S extends FilterSpec> {
  state: TableState<S>;
  /** A new page or page size (the table's pager). */
  setPage: (page: number, pageSize: number) => void;
  setSort: (sort: SortState | null) => void;
  /** Replaces the filters and goes back to page 1. */
  setFilters: (filters: Filters<S>) => void;
}

/**
 * The table state of `spec` kept in the URL. Every change is a history entry, so back/forward walk
 * through pages and filters. `spec` should be a module constant (it is compared by identity).
 */
export function useTableState<S extends FilterSpec>(spec: TableSpec<S>): TableController<S> {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string stands for the params object
  const state = useMemo(() => readTableState(params, spec), [key, spec]);
  const go = useCallback(
    (next: TableState<S>) => setParams((current) => writeTableState(next, spec, current), { preventScrollReset: true }),
    [setParams, spec],
  );
  return useMemo(
    () => ({
      state,
      setPage: (page, pageSize) => go({ ...state, page: pageSize === state.pageSize ? page : 1, pageSize }),
      setSort: (sort) => go({ ...state, sort, page: 1 }),
      setFilters: (filters) => go({ ...state, filters, page: 1 }),
    }),
    [state, go],
  );
}
