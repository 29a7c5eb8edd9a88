import { describe, expect, it } from 'vitest';
import { readTableState, writeTableState, type TableSpec } from './tableState';

const spec = {
  filters: { stage: 'int', keyword: 'text', time: 'range' },
  sortFields: ['liveStartTime', 'title'],
  defaultSort: { field: 'liveStartTime', order: 'descend' },
} as const satisfies TableSpec<{ stage: 'int'; keyword: 'text'; time: 'range' }>;

const read = (query: string) => readTableState(new URLSearchParams(query), spec);

describe('table state in the URL', () => {
  it('a bare URL is page 1, the first page size, the default sort and no filter', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 10, sort: { field: 'liveStartTime', order: 'descend' }, filters: {} });
  });

  it('round-trips page, size, sort and every kind of filter', () => {
    const state = { page: 3, pageSize: 20, sort: { field: 'title', order: 'ascend' as const }, filters: { stage: 2, keyword: '分数 加法', time: [1700000000000, 1700086400000] as const } };
    const query = writeTableState(state, spec).toString();
    expect(query).toContain('page=3');
    expect(query).toContain('time=1700000000000%2C1700086400000');
    expect(read(query)).toEqual(state);
  });

  it('leaves defaults out of the URL and keeps parameters it does not own', () => {
    const state = read('');
    expect(writeTableState(state, spec, new URLSearchParams('tab=2')).toString()).toBe('tab=2');
  });

  it('an explicitly unsorted table stays unsorted after a reload', () => {
    const query = writeTableState({ ...read(''), sort: null }, spec).toString();
    expect(read(query).sort).toBeNull();
  });

  it('a hand-edited link falls back to defaults instead of failing', () => {
    const state = read('page=-2&size=33&sort=password&order=asc&stage=two&time=5,1');
    expect(state).toEqual({ page: 1, pageSize: 10, sort: { field: 'liveStartTime', order: 'descend' }, filters: {} });
  });

  it('clearing a filter takes it out of the URL', () => {
    const before = writeTableState({ ...read(''), filters: { stage: 2 } }, spec);
    const after = writeTableState({ ...read(before.toString()), filters: {} }, spec, before);
    expect(after.has('stage')).toBe(false);
  });
});
