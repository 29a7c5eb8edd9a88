/**
 * Loads the committed curriculum (`seed/curriculum.json`: editions, books, chapter and knowledge
 * trees) into its tables at every start. Existing rows are kept, lines appended to the file are added,
 * so ids that lessons point at stay stable.
 */
import type { Orm } from '../db/database.js';
import { curriculum, type Curriculum } from '../../seed/catalogue.js';
import { insertMany } from '../db/insertMany.js';

interface TreeNode {
  id: string;
  parentId: string | null;
}

/** '/root/…/self/' for every node; a node whose parent is missing becomes a root. */
export function materialisedPaths(nodes: readonly TreeNode[]): Map<string, string> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const paths = new Map<string, string>();
  const pathOf = (node: TreeNode, depth = 0): string => {
    const known = paths.get(node.id);
    if (known) return known;
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    const value = (parent && depth < 20 ? pathOf(parent, depth + 1) : '/') + `${node.id}/`;
    paths.set(node.id, value);
    return value;
  };
  for (const node of nodes) pathOf(node);
  return paths;
}

export async function seedCurriculum(db: Orm, source: Curriculum = curriculum): Promise<void> {
  await insertMany(
    db,
    'curriculum_editions',
    ['id', 'name', 'alias', 'publisher', 'sort'],
    source.editions.map((e) => [e.id, e.name, e.alias, e.publisher, e.sort]),
    { onConflict: 'DO NOTHING' },
  );
  await insertMany(
    db,
    'curriculum_subjects',
    ['stage', 'subject_code', 'name', 'edition_id'],
    source.subjects.map((s) => [s.stage, s.subjectCode, s.name, s.editionId]),
    { onConflict: 'DO NOTHING' },
  );
  await insertMany(
    db,
    'curriculum_books',
    ['id', 'edition_id', 'stage', 'subject_code', 'grade', 'grade_name', 'term', 'term_name', 'name', 'sort'],
    source.books.map((b) => [b.id, b.editionId, b.stage, b.subjectCode, b.grade, b.gradeName, b.term, b.termName, b.name, b.sort]),
    { onConflict: 'DO NOTHING' },
  );
  const books = new Map(source.books.map((b) => [b.id, b]));
  const chapterPaths = materialisedPaths(source.chapters);
  const knowledgePaths = materialisedPaths(source.knowledgePoints);
  const columns = ['id', 'kind', 'parent_id', 'name', 'level', 'sort', 'book_id', 'stage', 'subject_code', 'path'];
  await insertMany(
    db,
    'lesson_nodes',
    columns,
    source.chapters
      .filter((c) => books.has(c.bookId))
      .map((c) => {
        const book = books.get(c.bookId)!;
        return [c.id, 'chapter', c.parentId, c.name, c.level, c.sort, c.bookId, book.stage, book.subjectCode, chapterPaths.get(c.id)];
      }),
    { onConflict: 'DO NOTHING' },
  );
  await insertMany(
    db,
    'lesson_nodes',
    columns,
    source.knowledgePoints.map((k) => [k.id, 'knowledge', k.parentId, k.name, k.level, k.sort, null, k.stage, k.subjectCode, knowledgePaths.get(k.id)]),
    { onConflict: 'DO NOTHING' },
  );
}
