/**
 * High-quality works (优秀作品): works marked high-quality at the top level (review state 5). The public
 * calls show those of published activities only; the organiser's view those of activities organised
 * inside the caller's subtree (any status). Stage, subject and book come from the work, or from its
 * sign-up and node when the work predates those columns.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { HighQualityFilterQuery, HighQualityWorkQuery, HighQualityWorkRow } from '@dscloud/sdk/review';
import type { Orm } from '../db/database.js';
import { containsPattern, num, rows } from '../db/rows.js';
import { stageName, subjectName } from '../curriculum/names.js';
import type { OrgScope } from '../management/orgScope.js';

type R = Record<string, unknown>;

const FROM = sql.raw(`activity_works w
  JOIN activities a ON a.id = w.activity_id
  JOIN activity_sign_ups s ON s.id = w.sign_up_id
  LEFT JOIN lesson_nodes n ON n.id = w.node_id
  LEFT JOIN curriculum_books b ON b.id = coalesce(w.book_id, n.book_id)`);
const STAGE = sql.raw('coalesce(w.stage, s.stage)');
const SUBJECT = sql.raw('coalesce(w.subject_code, s.subject_code)');

/** Which works: `public` (published activities) or an organiser's scope. */
export type HighQualityReach = { kind: 'public' } | { kind: 'managed'; scope: OrgScope | null };

export function highQualityWhere(reach: HighQualityReach, q: Omit<HighQualityWorkQuery, 'pageNum' | 'pageSize'> & HighQualityFilterQuery): SQL {
  const keyword = q.keyword?.trim();
  const parts: Array<SQL | undefined> = [
    sql`w.review_state = 5 AND w.submit_status = 1 AND a.deleted_at IS NULL`,
    reach.kind === 'public' ? sql`a.status = 1` : undefined,
    reach.kind === 'managed' && reach.scope && !reach.scope.all
      ? reach.scope.orgIds.length
        ? sql`a.org_id IN (${sql.join(
            reach.scope.orgIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`
      : undefined,
    q.activityId ? sql`w.activity_id = ${q.activityId}` : undefined,
    q.stage !== undefined ? sql`${STAGE} = ${q.stage}` : undefined,
    q.subjectCode !== undefined ? sql`${SUBJECT} = ${q.subjectCode}` : undefined,
    q.editionId ? sql`b.edition_id = ${q.editionId}` : undefined,
    q.bookId ? sql`b.id = ${q.bookId}` : undefined,
    keyword ? sql`(w.title ILIKE ${containsPattern(keyword)} OR s.real_name ILIKE ${containsPattern(keyword)})` : undefined,
  ];
  return sql.join(
    parts.filter((p): p is SQL => p !== undefined),
    sql` AND `,
  );
}

export async function highQualityRows(db: Orm, where: SQL, offset: number, limit: number): Promise<HighQualityWorkRow[]> {
  const found = await rows<R>(
    db,
    sql`SELECT w.id, w.published_lesson_id, w.activity_id, a.name AS activity_name, a.cover_url, w.title, s.real_name, w.school_id,
               sc.name AS school_name, d.name AS district_name, ${STAGE} AS stage, ${SUBJECT} AS subject_code,
               b.edition_id, e.name AS edition_name, b.id AS book_id, b.name AS book_name, w.node_id, n.name AS node_name,
               w.review_score, w.reviewed_at
        FROM ${FROM}
        LEFT JOIN curriculum_editions e ON e.id = b.edition_id
        LEFT JOIN organisations sc ON sc.id = w.school_id
        LEFT JOIN organisations d ON d.id = coalesce(w.district_id, s.district_id)
        WHERE ${where}
        ORDER BY w.reviewed_at DESC NULLS LAST, w.id
        LIMIT ${limit} OFFSET ${offset}`,
  );
  return found.map((r) => ({
    workId: String(r.id),
    lessonId: r.published_lesson_id == null ? null : String(r.published_lesson_id),
    activityId: String(r.activity_id),
    activityName: String(r.activity_name),
    title: String(r.title),
    teacherName: String(r.real_name ?? ''),
    schoolId: String(r.school_id),
    schoolName: String(r.school_name ?? ''),
    districtName: String(r.district_name ?? ''),
    stage: num(r.stage),
    stageName: stageName(num(r.stage)),
    subjectCode: num(r.subject_code),
    subjectName: subjectName(num(r.subject_code)),
    editionId: r.edition_id == null ? null : String(r.edition_id),
    editionName: String(r.edition_name ?? ''),
    bookId: r.book_id == null ? null : String(r.book_id),
    bookName: String(r.book_name ?? ''),
    nodeId: String(r.node_id),
    nodeName: String(r.node_name ?? ''),
    coverUrl: String(r.cover_url ?? ''),
    score: r.review_score == null ? null : Number(r.review_score),
    excellentAt: r.reviewed_at == null ? null : num(r.reviewed_at),
  }));
}

export async function highQualityTotal(db: Orm, where: SQL): Promise<number> {
  const [r] = await rows<R>(db, sql`SELECT count(*) AS n FROM ${FROM} WHERE ${where}`);
  return num(r?.n);
}

/** The distinct filter values among the matching works (stage, subject, edition or book). */
export async function highQualityOptions(db: Orm, where: SQL, kind: 'stage' | 'subject' | 'edition' | 'book'): Promise<R[]> {
  switch (kind) {
    case 'stage':
      return (await rows<R>(db, sql`SELECT DISTINCT ${STAGE} AS v FROM ${FROM} WHERE ${where} ORDER BY 1`)).map((r) => ({ stage: num(r.v), stageName: stageName(num(r.v)) }));
    case 'subject':
      return (await rows<R>(db, sql`SELECT DISTINCT ${SUBJECT} AS v FROM ${FROM} WHERE ${where} ORDER BY 1`)).map((r) => ({
        subjectCode: num(r.v),
        subjectName: subjectName(num(r.v)),
      }));
    case 'edition':
      return (
        await rows<R>(
          db,
          sql`SELECT DISTINCT e.id, e.name, e.sort FROM ${FROM} JOIN curriculum_editions e ON e.id = b.edition_id WHERE ${where} ORDER BY e.sort, e.id`,
        )
      ).map((r) => ({ editionId: String(r.id), editionName: String(r.name) }));
    case 'book':
      return (await rows<R>(db, sql`SELECT DISTINCT b.id, b.name, b.sort FROM ${FROM} WHERE ${where} AND b.id IS NOT NULL ORDER BY b.sort, b.id`)).map((r) => ({
        bookId: String(r.id),
        bookName: String(r.name),
      }));
  }
}
