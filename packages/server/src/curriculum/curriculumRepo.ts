/** Every read of the curriculum tables: editions, subjects, books and the chapter / knowledge trees. */
import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { CurriculumLabels } from '@dscloud/sdk/lessons';
import type { Orm } from '../db/database.js';
import { curriculumBooks, curriculumEditions, curriculumSubjects, lessonNodes } from '../db/schema.js';
import { gradeName, stageName, subjectName } from './names.js';

export interface Book extends CurriculumLabels {
  bookId: string;
  name: string;
  editionId: string;
  editionName: string;
  term: number;
  termName: string;
  sort: number;
}

export interface LessonNode {
  nodeId: string;
  kind: 'chapter' | 'knowledge';
  name: string;
  parentId: string | null;
  /** Ancestors, root first. */
  parentIds: string[];
  level: number;
  sort: number;
  bookId: string | null;
  stage: number;
  subjectCode: number;
  path: string;
}

export interface TreeNode extends Omit<LessonNode, 'path'> {
  children: TreeNode[];
}

const b = curriculumBooks;
const e = curriculumEditions;
const n = lessonNodes;

type BookRow = typeof curriculumBooks.$inferSelect & { editionName: string };
type NodeRow = typeof lessonNodes.$inferSelect;

const toBook = (r: BookRow): Book => ({
  bookId: r.id,
  name: r.name,
  editionId: r.editionId,
  editionName: r.editionName,
  stage: r.stage,
  stageName: stageName(r.stage),
  subjectCode: r.subjectCode,
  subjectName: subjectName(r.subjectCode) || '',
  grade: r.grade,
  gradeName: r.gradeName || gradeName(r.grade),
  term: r.term,
  termName: r.termName,
  sort: r.sort,
});

const toNode = (r: NodeRow): LessonNode => {
  const ids = r.path.split('/').filter(Boolean);
  return {
    nodeId: r.id,
    kind: r.kind,
    name: r.name,
    parentId: r.parentId,
    parentIds: ids.slice(0, -1),
    level: r.level,
    sort: r.sort,
    bookId: r.bookId,
    stage: r.stage,
    subjectCode: r.subjectCode,
    path: r.path,
  };
};

export interface BookFilter {
  stage?: number;
  subjectCode?: number;
  editionId?: string;
  grade?: number;
}

export class CurriculumRepo {
  constructor(private readonly db: Orm) {}

  private selectBooks() {
    return this.db
      .select({ ...getTableColumns(b), editionName: e.name })
      .from(b)
      .innerJoin(e, eq(e.id, b.editionId));
  }

  async books(filter: BookFilter = {}): Promise<Book[]> {
    const list = await this.selectBooks()
      .where(
        and(
          filter.stage !== undefined ? eq(b.stage, filter.stage) : undefined,
          filter.subjectCode !== undefined ? eq(b.subjectCode, filter.subjectCode) : undefined,
          filter.editionId !== undefined ? eq(b.editionId, filter.editionId) : undefined,
          filter.grade !== undefined ? eq(b.grade, filter.grade) : undefined,
        ),
      )
      .orderBy(asc(b.stage), asc(b.subjectCode), asc(b.grade), asc(b.term), asc(b.sort), asc(b.id));
    return list.map(toBook);
  }

  async book(bookId: string): Promise<Book | undefined> {
    const [row] = await this.selectBooks().where(eq(b.id, bookId));
    return row ? toBook(row) : undefined;
  }

  /** Every edition, in its order (the node picker's first level). */
  editions(): Promise<{ editionId: string; name: string }[]> {
    return this.db.select({ editionId: e.id, name: e.name }).from(e).orderBy(asc(e.sort), asc(e.id));
  }

  async edition(editionId: string): Promise<{ editionId: string; name: string } | undefined> {
    const [row] = await this.db.select({ editionId: e.id, name: e.name }).from(e).where(eq(e.id, editionId));
    return row;
  }

  /** Stages with their subjects and the editions each subject is taught from. */
  async subjects(stage?: number) {
    const s = curriculumSubjects;
    const list = await this.db
      .select({ stage: s.stage, subjectCode: s.subjectCode, name: s.name, editionId: s.editionId, editionName: e.name })
      .from(s)
      .innerJoin(e, eq(e.id, s.editionId))
      .where(stage === undefined ? undefined : eq(s.stage, stage))
      .orderBy(asc(s.stage), asc(s.subjectCode), asc(e.sort));
    const bySubject = new Map<number, { stage: number; stageName: string; subjectCode: number; subjectName: string; editions: { editionId: string; editionName: string }[] }>();
    for (const r of list) {
      const code = r.subjectCode;
      let entry = bySubject.get(code);
      if (!entry) {
        entry = { stage: r.stage, stageName: stageName(r.stage), subjectCode: code, subjectName: subjectName(code) || r.name, editions: [] };
        bySubject.set(code, entry);
      }
      entry.editions.push({ editionId: r.editionId, editionName: r.editionName });
    }
    return [...bySubject.values()];
  }

  async node(nodeId: string): Promise<LessonNode | undefined> {
    const [row] = await this.db.select().from(n).where(eq(n.id, nodeId));
    return row ? toNode(row) : undefined;
  }

  async nodes(nodeIds: readonly string[]): Promise<LessonNode[]> {
    if (nodeIds.length === 0) return [];
    const list = await this.db.select().from(n).where(inArray(n.id, [...nodeIds]));
    return list.map(toNode);
  }

  async chapterTree(bookId: string): Promise<TreeNode[]> {
    const list = await this.db.select().from(n).where(and(eq(n.kind, 'chapter'), eq(n.bookId, bookId))).orderBy(asc(n.level), asc(n.sort), asc(n.id));
    return buildTree(list.map(toNode));
  }

  async knowledgeTree(subjectCode: number): Promise<TreeNode[]> {
    const list = await this.db
      .select()
      .from(n)
      .where(and(eq(n.kind, 'knowledge'), eq(n.subjectCode, subjectCode)))
      .orderBy(asc(n.level), asc(n.sort), asc(n.id));
    return buildTree(list.map(toNode));
  }
}

function buildTree(nodes: LessonNode[]): TreeNode[] {
  const byId = new Map<string, TreeNode>();
  for (const { path: _path, ...node } of nodes) byId.set(node.nodeId, { ...node, children: [] });
  const roots: TreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
