import { describe, expect, it } from 'vitest';
import { canDragSort, levelOrderAfterMove } from './carouselOrder';

const rows = [
  { carouselImageId: 'a', orgId: null },
  { carouselImageId: 'b', orgId: null },
  { carouselImageId: 'c', orgId: null },
  { carouselImageId: 'd', orgId: 'district' },
  { carouselImageId: 'e', orgId: 'district' },
];

describe('carousel order by drag', () => {
  it('moves a slide within its level and sends the whole level', () => {
    expect(levelOrderAfterMove(rows, 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(levelOrderAfterMove(rows, 'a', 'c')).toEqual(['b', 'c', 'a']);
    expect(levelOrderAfterMove(rows, 'e', 'd')).toEqual(['e', 'd']);
  });

  it('refuses a move onto another level or onto itself', () => {
    expect(levelOrderAfterMove(rows, 'a', 'd')).toBeNull();
    expect(levelOrderAfterMove(rows, 'a', 'a')).toBeNull();
    expect(levelOrderAfterMove(rows, 'x', 'a')).toBeNull();
  });

  it('offers dragging only while the whole unfiltered list is on the page', () => {
    expect(canDragSort({ page: 1, filters: {} }, 7, 50)).toBe(true);
    expect(canDragSort({ page: 1, filters: { keyword: 'x' } }, 1, 50)).toBe(false);
    expect(canDragSort({ page: 2, filters: {} }, 70, 50)).toBe(false);
    expect(canDragSort({ page: 1, filters: {} }, 70, 50)).toBe(false);
  });
});
