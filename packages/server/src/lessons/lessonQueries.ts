/** Reading lessons: pages of lessons in the asked order, their summaries, and the detail of one lesson. */
import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder, type SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Orm } from '../db/database.js';
import { paged, type Page } from '../db/rows.js';
import { curriculumBooks, curriculumEditions, fileInfos, lessonKnowledgeNodes, lessonNodes, lessonResources, lessonTagLinks, lessonTags, specialSubjectLessons, teacherInfos, videoJobs } from '../db/schema.js';
import type { MediaLinks } from '../files/mediaLinks.js';
import type { LessonDetail, LessonResource, LessonSummary } from '@dscloud/sdk/lessons';
import { toResource, toSummary, type FileUrl, type SummaryRow } from './lessonView.js';
import type { OrderBy } from './lessonSchemas.js';
import { lessonOrder, listedLessons } from './lessonFilters.js';
import { CountCache } from './countCache.js';

export type { LessonDetail } from '@dscloud/sdk/lessons';

const l = listedLessons;
const qb = new QueryBuilder();
// The names joined to a page, under the aliases the list queries have always used.
const e = alias(curriculumEditions, 'e');
const b = alias(curriculumBooks, 'b');
const n = alias(lessonNodes, 'n');
const ti = alias(teacherInfos, 't');
const x = alias(specialSubjectLessons, 's');
const tl = alias(lessonTagLinks, 'k');
const tg = alias(lessonTags, 'g');

/** Every column of `lessons` a summary shows (the description only goes to the detail). */
const { description: _description, ...summaryColumns } = getTableColumns(l);
type SummaryColumns = typeof summaryColumns;
const summaryKeys = Object.keys(summaryColumns) as (keyof SummaryColumns)[];

/** Lessons filtered (and possibly ordered and cut to a page) before names are joined to them. */
const sourceOf = (where: SQL | undefined) => qb.select(summaryColumns).from(l).where(where);
type LessonSource = SubqueryWithSelection<SummaryColumns, 'l'>;

export class LessonQueries {
  constructor(
    private readonly db: Orm,
    private readonly now: () => number,
    /** Signed links to stored files and to their video renditions (files/mediaLinks.ts). */
    private readonly media: Pick<MediaLinks, 'url' | 'hls'>,
    /** Where large totals are kept; the public lists pass one they drop on writes. */
    private readonly counts = new CountCache(),
  ) {
    this.fileUrl = (id) => media.url(id);
  }

  private readonly fileUrl: FileUrl;

  /**
   * Summaries of the lessons of `source` with the names lists show. The source is a subquery, so a
   * page is cut from the list index first and the names are joined to those rows only.
   */
  private async read(page: LessonSource, order: (t: SummaryColumns) => SQL[]): Promise<LessonSummary[]> {
    // The subquery's columns, under the names and types of the table's own.
    const t = Object.fromEntries(summaryKeys.map((key) => [key, page[key]])) as unknown as SummaryColumns;
    // json_agg(… ORDER BY …) has no builder form: the lesson's topics as one ordered JSON list.
    const topics = qb.select({ ids: sql`json_agg(${x.specialSubjectId} ORDER BY ${x.specialSubjectId})` }).from(x).where(eq(x.lessonId, t.id));
    // The lesson's tags in the tag list's order, as one JSON list (json_agg … ORDER BY again).
    const tags = qb
      .select({ list: sql`json_agg(json_build_object('tagId', ${tg.id}, 'name', ${tg.name}) ORDER BY ${tg.sort}, ${tg.id})` })
      .from(tl)
      .innerJoin(tg, eq(tg.id, tl.tagId))
      .where(eq(tl.lessonId, t.id));
    const rows: SummaryRow[] = await this.db
      .select({
        ...t,
        editionName: e.name,
        bookName: b.name,
        chapterName: n.name,
        teacherTitle: ti.title,
        teacherAvatarUrl: ti.avatarUrl,
        teacherAvatarFileId: ti.avatarFileId,
        specialSubjectIds: sql<unknown>`COALESCE((${topics}), '[]'::json)`,
        tags: sql<unknown>`COALESCE((${tags}), '[]'::json)`,
      })
      .from(page)
      .leftJoin(e, eq(e.id, t.editionId))
      .leftJoin(b, eq(b.id, t.bookId))
      .leftJoin(n, eq(n.id, t.chapterNodeId))
      .leftJoin(ti, eq(ti.id, t.teacherInfoId))
      .orderBy(...order(t));
    const now = this.now();
    return rows.map((r) => toSummary(r, now, this.fileUrl));
  }

  /** Summaries in the order of `ids`; ids that no longer exist are left out. */
  async summaries(ids: readonly string[]): Promise<LessonSummary[]> {
    if (ids.length === 0) return [];
    const list = await this.read(sourceOf(inArray(l.id, [...ids])).as('l'), () => []);
    const byId = new Map(list.map((s) => [s.lessonId, s]));
    return ids.map((id) => byId.get(id)).filter((s): s is LessonSummary => s !== undefined);
  }

  async summary(id: string): Promise<LessonSummary | undefined> {
    return (await this.summaries([id]))[0];
  }

  async page(where: SQL[], orderBy: OrderBy, request: { pageNum?: number; pageSize?: number }): Promise<Page<LessonSummary>> {
    return paged(
      request,
      (limit, offset) =>
        this.read(
          sourceOf(and(...where))
            .orderBy(...lessonOrder(orderBy))
            .limit(limit)
            .offset(offset)
            .as('l'),
          (t) => lessonOrder(orderBy, t),
        ),
      () => this.count(where),
    );
  }

  async count(where: SQL[]): Promise<number> {
    const query = this.db.select({ n: count() }).from(l).where(and(...where));
    const { sql: text, params } = query.toSQL();
    return this.counts.get(`${text} ${JSON.stringify(params)}`, async () => (await query)[0]?.n ?? 0);
  }

  async resources(lessonId: string): Promise<LessonResource[]> {
    const r = lessonResources;
    const list = await this.db.select().from(r).where(eq(r.lessonId, lessonId)).orderBy(asc(r.sort), asc(r.id));
    // The uploaded videos whose HLS rendition is whole (its job done: the manifest was written last).
    const ids = list.map((row) => row.fileInfoId).filter((id): id is string => !!id && /^[0-9]{1,15}$/.test(id)).map(Number);
    const transcoded = new Set<string>();
    if (ids.length > 0) {
      const done = await this.db
        .select({ id: fileInfos.id })
        .from(fileInfos)
        .innerJoin(videoJobs, eq(videoJobs.contentSha256, fileInfos.contentSha256))
        .where(and(inArray(fileInfos.id, ids), eq(videoJobs.state, 'done')));
      for (const row of done) transcoded.add(String(row.id));
    }
    return list.map((row) => toResource(row, this.fileUrl, row.fileInfoId && transcoded.has(row.fileInfoId) ? (name) => this.media.hls(row.fileInfoId!, name) : undefined));
  }

  async detail(id: string): Promise<LessonDetail | undefined> {
    const summary = await this.summary(id);
    if (!summary) return undefined;
    const k = lessonKnowledgeNodes;
    const [extra] = await this.db.select({ description: l.description }).from(l).where(eq(l.id, id));
    const knowledge = await this.db
      .select({ nodeId: n.id, name: n.name })
      .from(k)
      .innerJoin(n, eq(n.id, k.nodeId))
      .where(eq(k.lessonId, id))
      .orderBy(asc(n.path));
    let chapterPath: string[] = [];
    if (summary.chapterNodeId) {
      const [node] = await this.db.select({ path: n.path }).from(n).where(eq(n.id, summary.chapterNodeId));
      const ids = (node?.path ?? '').split('/').filter(Boolean);
      if (ids.length > 0) {
        const names = await this.db.select({ id: n.id, name: n.name }).from(n).where(inArray(n.id, ids));
        const byId = new Map(names.map((r) => [r.id, r.name]));
        chapterPath = ids.map((i) => byId.get(i) ?? '');
      }
    }
    return { ...summary, description: extra?.description ?? '', chapterPath, knowledgeNodes: knowledge, resources: await this.resources(id) };
  }

  async resourceOwner(resourceId: string): Promise<string | undefined> {
    const r = lessonResources;
    const [row] = await this.db.select({ lessonId: r.lessonId }).from(r).where(eq(r.id, resourceId));
    return row?.lessonId;
  }
}
