/** SQL for the curriculum tables: editions, subjects, books and the chapter / knowledge trees. */
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { allOf, first, num, rows, str, strOrNull, type Row } from '../db/rows.js';
import { gradeName, stageName, subjectName } from './names.js';

export interface Book {
  bookId: string;
  name: string;
  editionId: string;
  editionName: string;
  stage: number;
  stageName: string;
  subjectCode: number;
  subjectName: string;
  grade: number;
  gradeName: string;
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

const toBook = (r: Row): Book => ({
  bookId: str(r.id),
  name: str(r.name),
  editionId: str(r.edition_id),
  editionName: str(r.edition_name),
  stage: num(r.stage),
  stageName: stageName(num(r.stage)),
  subjectCode: num(r.subject_code),
  subjectName: subjectName(num(r.subject_code)) || str(r.subject_name),
  grade: num(r.grade),
  gradeName: str(r.grade_name) || gradeName(num(r.grade)),
  term: num(r.term),
  termName: str(r.term_name),
  sort: num(r.sort),
});

const toNode = (r: Row): LessonNode => {
  const path = str(r.path);
  const ids = path.split('/').filter(Boolean);
  return {
    nodeId: str(r.id),
    kind: str(r.kind) as LessonNode['kind'],
    name: str(r.name),
    parentId: strOrNull(r.parent_id),
    parentIds: ids.slice(0, -1),
    level: num(r.level),
    sort: num(r.sort),
    bookId: strOrNull(r.book_id),
    stage: num(r.stage),
    subjectCode: num(r.subject_code),
    path,
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

  async books(filter: BookFilter = {}): Promise<Book[]> {
    const where = [];
    if (filter.stage !== undefined) where.push(sql`b.stage = ${filter.stage}`);
    if (filter.subjectCode !== undefined) where.push(sql`b.subject_code = ${filter.subjectCode}`);
    if (filter.editionId !== undefined) where.push(sql`b.edition_id = ${filter.editionId}`);
    if (filter.grade !== undefined) where.push(sql`b.grade = ${filter.grade}`);
    const list = await rows(
      this.db,
      sql`SELECT b.*, e.name AS edition_name FROM curriculum_books b JOIN curriculum_editions e ON e.id = b.edition_id
          WHERE ${allOf(where)} ORDER BY b.stage, b.subject_code, b.grade, b.term, b.sort, b.id`,
    );
    return list.map(toBook);
  }

  async book(bookId: string): Promise<Book | undefined> {
    const row = await first(
      this.db,
      sql`SELECT b.*, e.name AS edition_name FROM curriculum_books b JOIN curriculum_editions e ON e.id = b.edition_id WHERE b.id = ${bookId}`,
    );
    return row ? toBook(row) : undefined;
  }

  async edition(editionId: string): Promise<{ editionId: string; name: string } | undefined> {
    const row = await first(this.db, sql`SELECT id, name FROM curriculum_editions WHERE id = ${editionId}`);
    return row ? { editionId: str(row.id), name: str(row.name) } : undefined;
  }

  /** Stages with their subjects and the editions each subject is taught from. */
  async subjects(stage?: number) {
    const list = await rows(
      this.db,
      sql`SELECT s.stage, s.subject_code, s.name, s.edition_id, e.name AS edition_name
          FROM curriculum_subjects s JOIN curriculum_editions e ON e.id = s.edition_id
          WHERE ${stage === undefined ? sql`TRUE` : sql`s.stage = ${stage}`}
          ORDER BY s.stage, s.subject_code, e.sort`,
    );
    const bySubject = new Map<number, { stage: number; stageName: string; subjectCode: number; subjectName: string; editions: { editionId: string; editionName: string }[] }>();
    for (const r of list) {
      const code = num(r.subject_code);
      let entry = bySubject.get(code);
      if (!entry) {
        entry = { stage: num(r.stage), stageName: stageName(num(r.stage)), subjectCode: code, subjectName: subjectName(code) || str(r.name), editions: [] };
        bySubject.set(code, entry);
      }
      entry.editions.push({ editionId: str(r.edition_id), editionName: str(r.edition_name) });
    }
    return [...bySubject.values()];
  }

  async node(nodeId: string): Promise<LessonNode | undefined> {
    const row = await first(this.db, sql`SELECT * FROM lesson_nodes WHERE id = ${nodeId}`);
    return row ? toNode(row) : undefined;
  }

  async nodes(nodeIds: readonly string[]): Promise<LessonNode[]> {
    if (nodeIds.length === 0) return [];
    const list = await rows(this.db, sql`SELECT * FROM lesson_nodes WHERE id IN (${sql.join(nodeIds.map((id) => sql`${id}`), sql`, `)})`);
    return list.map(toNode);
  }

  async chapterTree(bookId: string): Promise<TreeNode[]> {
    const list = await rows(this.db, sql`SELECT * FROM lesson_nodes WHERE kind = 'chapter' AND book_id = ${bookId} ORDER BY level, sort, id`);
    return buildTree(list.map(toNode));
  }

  async knowledgeTree(subjectCode: number): Promise<TreeNode[]> {
    const list = await rows(
      this.db,
      sql`SELECT * FROM lesson_nodes WHERE kind = 'knowledge' AND subject_code = ${subjectCode} ORDER BY level, sort, id`,
    );
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
