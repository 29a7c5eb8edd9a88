/** Every read and write of `lesson_history_nodes`: the curriculum position a user last chose on a screen. */
import { and, eq } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { lessonHistoryNodes } from '../db/schema.js';

const h = lessonHistoryNodes;

export class HistoryRepo {
  constructor(private readonly db: Orm) {}

  async save(userId: string, businessType: string, node: Record<string, unknown>, now: number): Promise<void> {
    await this.db
      .insert(h)
      .values({ userId, businessType, node, updatedAt: now })
      .onConflictDoUpdate({ target: [h.userId, h.businessType], set: { node, updatedAt: now } });
  }

  async find(userId: string, businessType: string): Promise<{ node: Record<string, unknown>; updatedAt: number } | undefined> {
    const [row] = await this.db
      .select({ node: h.node, updatedAt: h.updatedAt })
      .from(h)
      .where(and(eq(h.userId, userId), eq(h.businessType, businessType)));
    return row;
  }
}
