/**
 * Loads the committed curriculum (`seed/curriculum.json`: editions, books, chapter and knowledge
 * trees) into its tables at every start. Existing rows are kept, lines appended to the file are added,
 * so ids that lessons point at stay stable.
 */
import type { Orm } from '../db/database.js';
import { curriculum, type Curriculum } from '../../seed/catalogue.js';
import { insertMany } from '../db/insertMany.js';
import { curriculumBooks, curriculumEditions, curriculumSubjects, lessonNodes } from '../db/schema.js';

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
  const keep = { skipExisting: true };
  await insertMany(
    db,
    curriculumEditions,
    source.editions.map((e) => ({ id: e.id, name: e.name, alias: e.alias, publisher: e.publisher, sort: e.sort })),
    keep,
  );
  await insertMany(
    db,
    curriculumSubjects,
    source.subjects.map((s) => ({ stage: s.stage, subjectCode: s.subjectCode, name: s.name, editionId: s.editionId })),
    keep,
  );
  await insertMany(
    db,
    curriculumBooks,
    source.books.map((b) => ({
      id: b.id, editionId: b.editionId, stage: b.stage, subjectCode: b.subjectCode, grade: b.grade,
      gradeName: b.gradeName, term: b.term, termName: b.termName, name: b.name, sort: b.sort,
    })),
    keep,
  );
  const books = new Map(source.books.map((b) => [b.id, b]));
  const chapterPaths = materialisedPaths(source.chapters);
  const knowledgePaths = materialisedPaths(source.knowledgePoints);
  await insertMany(
    db,
    lessonNodes,
    source.chapters
      .filter((c) => books.has(c.bookId))
      .map((c) => {
        const book = books.get(c.bookId)!;
        return {
          id: c.id, kind: 'chapter' as const, parentId: c.parentId, name: c.name, level: c.level, sort: c.sort,
          bookId: c.bookId, stage: book.stage, subjectCode: book.subjectCode, path: chapterPaths.get(c.id)!,
        };
      }),
    keep,
  );
  await insertMany(
    db,
    lessonNodes,
    source.knowledgePoints.map((k) => ({
      id: k.id, kind: 'knowledge' as const, parentId: k.parentId, name: k.name, level: k.level, sort: k.sort,
      bookId: null, stage: k.stage, subjectCode: k.subjectCode, path: knowledgePaths.get(k.id)!,
    })),
    keep,
  );
}
