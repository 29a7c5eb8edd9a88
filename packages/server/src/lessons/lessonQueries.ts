/** Reading lessons: pages of ids in the asked order, then the summaries of those ids in one query. */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Orm } from '../db/database.js';
import { allOf, first, num, paged, rows, str, type Page } from '../db/rows.js';
import type { LessonDetail, LessonResource, LessonSummary } from '@dscloud/sdk/lessons';
import { toResource, toSummary, type FileUrl } from './lessonView.js';
import type { OrderBy } from './lessonSchemas.js';
import { orderClause } from './lessonFilters.js';
import { CountCache } from './countCache.js';

const dialect = new PgDialect();

/** Lesson rows with the names lists show; `source` is `lessons` or an already limited page of it. */
const summarySelect = (source: SQL) => sql`
  SELECT l.*, e.name AS edition_name, b.name AS book_name, n.name AS chapter_name,
         t.title AS teacher_title, t.avatar_url AS teacher_avatar_url, t.avatar_file_id AS teacher_avatar_file_id,
         COALESCE((SELECT json_agg(s.special_subject_id ORDER BY s.special_subject_id)
                   FROM special_subject_lessons s WHERE s.lesson_id = l.id), '[]'::json) AS special_subject_ids,
         COALESCE((SELECT json_agg(json_build_object('tagId', g.id, 'name', g.name) ORDER BY g.sort, g.id)
                   FROM lesson_tag_links k JOIN lesson_tags g ON g.id = k.tag_id WHERE k.lesson_id = l.id), '[]'::json) AS tags
  FROM ${source} l
  LEFT JOIN curriculum_editions e ON e.id = l.edition_id
  LEFT JOIN curriculum_books b ON b.id = l.book_id
  LEFT JOIN lesson_nodes n ON n.id = l.chapter_node_id
  LEFT JOIN teacher_infos t ON t.id = l.teacher_info_id`;

export type { LessonDetail } from '@dscloud/sdk/lessons';

export const idList = (ids: readonly string[]): SQL => sql.join(ids.map((id) => sql`${id}`), sql`, `);

export class LessonQueries {
  constructor(
    private readonly db: Orm,
    private readonly now: () => number,
    private readonly fileUrl: FileUrl,
    /** Where large totals are kept; the public lists pass one they drop on writes. */
    private readonly counts = new CountCache(),
  ) {}

  /** Summaries in the order of `ids`; ids that no longer exist are left out. */
  async summaries(ids: readonly string[]): Promise<LessonSummary[]> {
    if (ids.length === 0) return [];
    const list = await rows(this.db, sql`${summarySelect(sql`lessons`)} WHERE l.id IN (${idList(ids)})`);
    const now = this.now();
    const byId = new Map(list.map((r) => [str(r.id), toSummary(r, now, this.fileUrl)]));
    return ids.map((id) => byId.get(id)).filter((s): s is LessonSummary => s !== undefined);
  }

  async summary(id: string): Promise<LessonSummary | undefined> {
    return (await this.summaries([id]))[0];
  }

  async page(where: SQL[], orderBy: OrderBy, request: { pageNum?: number; pageSize?: number }): Promise<Page<LessonSummary>> {
    const condition = allOf(where);
    return paged(
      request,
      async (limit, offset) => {
        // One statement: the page is cut from the index first, names are joined to those rows only.
        const order = orderClause(orderBy);
        const page = sql`(SELECT l.* FROM lessons l WHERE ${condition} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})`;
        const now = this.now();
        return (await rows(this.db, sql`${summarySelect(page)} ORDER BY ${order}`)).map((r) => toSummary(r, now, this.fileUrl));
      },
      () => this.count(where),
    );
  }

  async count(where: SQL[]): Promise<number> {
    const query = sql`SELECT count(*) AS n FROM lessons l WHERE ${allOf(where)}`;
    const { sql: text, params } = dialect.sqlToQuery(query);
    return this.counts.get(`${text} ${JSON.stringify(params)}`, async () => num((await first(this.db, query))?.n));
  }

  async resources(lessonId: string): Promise<LessonResource[]> {
    const list = await rows(this.db, sql`SELECT * FROM lesson_resources WHERE lesson_id = ${lessonId} ORDER BY sort, id`);
    return list.map((r) => toResource(r, this.fileUrl));
  }

  async detail(id: string): Promise<LessonDetail | undefined> {
    const summary = await this.summary(id);
    if (!summary) return undefined;
    const extra = await first(this.db, sql`SELECT description FROM lessons WHERE id = ${id}`);
    const knowledge = await rows(
      this.db,
      sql`SELECT n.id, n.name FROM lesson_knowledge_nodes k JOIN lesson_nodes n ON n.id = k.node_id WHERE k.lesson_id = ${id} ORDER BY n.path`,
    );
    let chapterPath: string[] = [];
    if (summary.chapterNodeId) {
      const node = await first(this.db, sql`SELECT path FROM lesson_nodes WHERE id = ${summary.chapterNodeId}`);
      const ids = str(node?.path).split('/').filter(Boolean);
      if (ids.length > 0) {
        const names = await rows(this.db, sql`SELECT id, name FROM lesson_nodes WHERE id IN (${idList(ids)})`);
        const byId = new Map(names.map((r) => [str(r.id), str(r.name)]));
        chapterPath = ids.map((i) => byId.get(i) ?? '');
      }
    }
    return {
      ...summary,
      description: str(extra?.description),
      chapterPath,
      knowledgeNodes: knowledge.map((r) => ({ nodeId: str(r.id), name: str(r.name) })),
      resources: await this.resources(id),
    };
  }

  async resourceOwner(resourceId: string): Promise<string | undefined> {
    const row = await first(this.db, sql`SELECT lesson_id FROM lesson_resources WHERE id = ${resourceId}`);
    return row ? str(row.lesson_id) : undefined;
  }
}
