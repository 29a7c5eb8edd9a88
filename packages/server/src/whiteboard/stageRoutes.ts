/**
 * `POST /business/v1/stage/children`: the "stage children tree" of spec §7 (path not shown there),
 * the one call the e-textbook node picker and the mind map's "build from a chapter" use. It reads the
 * curriculum domain: editions → books of an edition → the chapter tree of a book → sub-nodes of a node,
 * one level at a time, or a whole subtree with `deep`. Public, like the curriculum it shows.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { StageChild, StageChildrenQuery } from '@dscloud/sdk/tools';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { idSchema } from '../db/ids.js';
import { CurriculumRepo, type Book, type TreeNode } from '../curriculum/curriculumRepo.js';

export const STAGE = '/business/v1/stage';

export async function stageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = new CurriculumRepo(ctx.db.orm);

  const nodeChild = (book: Book, node: TreeNode, deep: boolean): StageChild => ({
    id: node.nodeId,
    label: node.name,
    level: 'node',
    leaf: node.children.length === 0,
    businessBookId: book.bookId,
    businessBookLabel: book.name,
    businessEditionId: book.editionId,
    ...(deep ? { children: node.children.map((c) => nodeChild(book, c, true)) } : {}),
  });

  const find = (nodes: TreeNode[], id: string): TreeNode | undefined => {
    for (const node of nodes) {
      if (node.nodeId === id) return node;
      const below = find(node.children, id);
      if (below) return below;
    }
    return undefined;
  };

  async function children(query: StageChildrenQuery): Promise<StageChild[]> {
    const deep = query.deep === true;
    if (!query.parentLevel) {
      const editions = await repo.editions();
      return editions.map((e) => ({ id: e.editionId, label: e.name, level: 'edition', leaf: false, businessEditionId: e.editionId }));
    }
    const id = query.parentId;
    if (!id) throw new AppError(Codes.MISSING_PARAMETER, '缺少参数 parentId', { field: 'parentId' });
    if (query.parentLevel === 'edition') {
      if (!(await repo.edition(id))) throw new AppError(Codes.NOT_FOUND, `教材版本不存在：${id}`, { field: 'parentId' });
      const books = await repo.books({ editionId: id });
      return books.map((b) => ({ id: b.bookId, label: b.name, level: 'book', leaf: false, businessBookId: b.bookId, businessBookLabel: b.name, businessEditionId: b.editionId }));
    }
    if (query.parentLevel === 'book') {
      const book = await repo.book(id);
      if (!book) throw new AppError(Codes.NOT_FOUND, `教材不存在：${id}`, { field: 'parentId' });
      return (await repo.chapterTree(book.bookId)).map((n) => nodeChild(book, n, deep));
    }
    const node = await repo.node(id);
    const book = node?.bookId ? await repo.book(node.bookId) : undefined;
    if (!node || !book) throw new AppError(Codes.NOT_FOUND, `章节不存在：${id}`, { field: 'parentId' });
    const found = find(await repo.chapterTree(book.bookId), id);
    return (found?.children ?? []).map((n) => nodeChild(book, n, deep));
  }

  app.post<{ Body: StageChildrenQuery | undefined }>(
    `${STAGE}/children`,
    {
      config: { public: true },
      schema: {
        body: {
          type: ['object', 'null'],
          properties: { parentLevel: { type: 'string', enum: ['edition', 'book', 'node'] }, parentId: idSchema, deep: { type: 'boolean' } },
        },
      },
    },
    async (request) => ok(await children(request.body ?? {}), localeOf(request)),
  );
}
