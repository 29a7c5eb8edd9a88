import { describe, expect, it } from 'vitest';
import { levelsForActivity, levelsOfOrganiser } from './organiser';

describe('the review levels an organiser may use', () => {
  it('stops at the organiser’s own level', () => {
    expect(levelsOfOrganiser(1)).toEqual([1, 2, 3]);
    expect(levelsOfOrganiser('2')).toEqual([1, 2]);
    expect(levelsOfOrganiser(3)).toEqual([1]);
  });

  it('keeps the levels a stored activity already uses', () => {
    expect(levelsForActivity(3, [1, 2])).toEqual([1, 2]);
    expect(levelsForActivity(1, [2])).toEqual([1, 2, 3]);
  });
});
