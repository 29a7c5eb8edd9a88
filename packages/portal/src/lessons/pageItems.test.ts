import { describe, expect, it } from 'vitest';
import { pageItems } from './pageItems';

describe('pageItems', () => {
  it('lists every page up to seven', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('keeps the first, the last and two on each side of the current page, with gaps between', () => {
    expect(pageItems(6, 11)).toEqual([1, 'gap-before', 4, 5, 6, 7, 8, 'gap-after', 11]);
  });

  it('shows the first or last five pages near either end', () => {
    expect(pageItems(1, 11)).toEqual([1, 2, 3, 4, 5, 'gap-after', 11]);
    expect(pageItems(4, 11)).toEqual([1, 2, 3, 4, 5, 'gap-after', 11]);
    expect(pageItems(5, 11)).toEqual([1, 'gap-before', 3, 4, 5, 6, 7, 'gap-after', 11]);
    expect(pageItems(8, 11)).toEqual([1, 'gap-before', 7, 8, 9, 10, 11]);
    expect(pageItems(11, 11)).toEqual([1, 'gap-before', 7, 8, 9, 10, 11]);
  });

  it('keeps a page out of range inside it', () => {
    expect(pageItems(40, 11)).toEqual([1, 'gap-before', 7, 8, 9, 10, 11]);
    expect(pageItems(-2, 11)).toEqual([1, 2, 3, 4, 5, 'gap-after', 11]);
  });
});
