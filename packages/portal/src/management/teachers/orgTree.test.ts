import { describe, expect, it } from 'vitest';
import type { OrgNode } from '../../api/teachers';
import { orgTreeData } from './orgTree';

const node = (orgId: string, orgType: number, parentId: string | null, teacherCount = 0): OrgNode => ({ orgId, name: orgId, shortName: orgId, orgType, parentId, teacherCount });

describe('organisation tree of the teacher screen', () => {
  it('nests by parent, with the top of the caller reach as roots, and counts in the titles when asked', () => {
    // A district administrator: the city bureau is not in the list, so the district is a root.
    const tree = orgTreeData([node('d1', 2, 'city', 5), node('s1', 3, 'd1', 4), node('s2', 3, 'd1', 1)], { counts: true });
    expect(tree.map((n) => n.key)).toEqual(['d1']);
    expect(tree[0]!.title).toBe('d1（5）');
    expect(tree[0]!.children.map((n) => n.title)).toEqual(['s1（4）', 's2（1）']);
  });

  it('lets only schools be picked in the school picker', () => {
    const [d1] = orgTreeData([node('d1', 2, null), node('s1', 3, 'd1')], { schoolsOnly: true });
    expect(d1!.selectable).toBe(false);
    expect(d1!.children[0]!.selectable).toBe(true);
  });
});
