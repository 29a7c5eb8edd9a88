/** Every read and write of `whiteboard_resources`: the tool documents of `<ds-tool-editor>`. */
import { and, desc, eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { containsPattern, pageOf, type Page, type PageRequest } from '../db/rows.js';
import { users, whiteboardResources } from '../db/schema.js';

/** A resource with its owner's name and organisation (an administrator reads the documents of their subtree). */
export type WhiteboardRow = typeof whiteboardResources.$inferSelect & { ownerName: string; ownerOrgId: string | null };
export type NewWhiteboard = typeof whiteboardResources.$inferInsert;
export type WhiteboardChanges = Partial<Omit<NewWhiteboard, 'id' | 'ownerId' | 'tool' | 'businessType' | 'createdAt' | 'version'>>;

export interface WhiteboardFilter {
  ownerId: string;
  tool?: string;
  nodeId?: string;
  keyword?: string;
}

const w = whiteboardResources;
type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

export class WhiteboardRepo {
  constructor(private readonly db: Orm) {}

  private select() {
    return this.db
      .select({ ...getTableColumns(w), ownerName: sql<string>`COALESCE(${users.displayName}, '')`, ownerOrgId: users.orgId })
      .from(w)
      .leftJoin(users, eq(users.id, w.ownerId));
  }

  async find(id: string): Promise<WhiteboardRow | undefined> {
    const [row] = await this.select().where(eq(w.id, id));
    return row;
  }

  async page(filter: WhiteboardFilter, request: PageRequest): Promise<Page<WhiteboardRow>> {
    const { pageNum, pageSize, offset } = pageOf(request);
    const condition = and(
      eq(w.ownerId, filter.ownerId),
      filter.tool ? eq(w.tool, filter.tool) : undefined,
      filter.nodeId ? eq(w.nodeId, filter.nodeId) : undefined,
      filter.keyword ? ilike(w.title, containsPattern(filter.keyword)) : undefined,
    );
    const [found, total] = await Promise.all([
      this.select().where(condition).orderBy(desc(w.updatedAt), desc(w.id)).limit(pageSize).offset(offset),
      this.db.$count(w, condition),
    ]);
    return { rows: found, total, pageNum, pageSize };
  }

  async insert(row: NewWhiteboard): Promise<void> {
    await this.db.insert(w).values(row);
  }

  /**
   * Applies the changes when the stored version is still `version` and raises it by one; false when
   * another save got there first (the caller answers 409 with the current row). `after` runs in the
   * same transaction once the row changed (giving the replaced file back).
   */
  async updateIfVersion(id: string, version: number, changes: WhiteboardChanges, after?: (tx: Tx) => Promise<unknown>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const done = await tx
        .update(w)
        .set({ ...changes, version: sql`${w.version} + 1` })
        .where(and(eq(w.id, id), eq(w.version, version)))
        .returning({ id: w.id });
      if (done.length !== 1) return false;
      await after?.(tx);
      return true;
    });
  }

  /** Removes the row, and in the same transaction whatever `after` does (giving its file back). */
  async delete(id: string, after?: (tx: Tx) => Promise<unknown>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(w).where(eq(w.id, id));
      await after?.(tx);
    });
  }
}
