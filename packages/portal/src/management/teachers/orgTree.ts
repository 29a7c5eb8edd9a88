/** The flat organisation list of `teacherInfo/managerOrgList` as a tree for antd's Tree and TreeSelect. */
import type { OrgNode } from '../../api/teachers';

export const SCHOOL = 3;

export interface OrgTreeItem {
  key: string;
  value: string;
  title: string;
  /** Only schools hold teachers: in the school picker the bureaus are headings. */
  selectable: boolean;
  children: OrgTreeItem[];
}

/** Roots are the organisations whose parent is not in the list (the top of the caller's reach). */
export function orgTreeData(nodes: readonly OrgNode[], options: { schoolsOnly?: boolean; counts?: boolean } = {}): OrgTreeItem[] {
  const items = new Map<string, OrgTreeItem>();
  for (const n of nodes) {
    items.set(n.orgId, {
      key: n.orgId,
      value: n.orgId,
      title: options.counts ? `${n.name}（${n.teacherCount}）` : n.name,
      selectable: !options.schoolsOnly || n.orgType === SCHOOL,
      children: [],
    });
  }
  const roots: OrgTreeItem[] = [];
  for (const n of nodes) {
    const item = items.get(n.orgId)!;
    const parent = n.parentId ? items.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(item);
  }
  return roots;
}
