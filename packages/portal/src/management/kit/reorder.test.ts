import { describe, expect, it } from 'vitest';
import { reorderIds } from './reorder';

describe('reorderIds', () => {
  it('moves the dragged id to where it was dropped, up or down', () => {
    expect(reorderIds(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(reorderIds(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
  });

  it('asks for nothing when dropped in place, outside the list or on an unknown row', () => {
    expect(reorderIds(['a', 'b'], 'a', 'a')).toBeNull();
    expect(reorderIds(['a', 'b'], 'a', null)).toBeNull();
    expect(reorderIds(['a', 'b'], 'x', 'a')).toBeNull();
  });
});
