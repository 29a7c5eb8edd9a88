/** Every read and write of the activity tables for the organiser's and the teacher's activity calls. */
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ActivityStatus, SignUpStatus, WorkSubmitStatus, type ActivityPhase, type ActivityScopeEntry } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { Orm } from '../db/database.js';
import { containsPattern, paged, type Page, type PageRequest } from '../db/rows.js';
import { activities, activityScopes, activitySignUps, curriculumBooks, curriculumSubjects, organisations } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import { stageName, subjectName } from '../curriculum/names.js';
import type { ActivityRow } from './activityAccess.js';
import type { ActivityFields } from './activityRules.js';
import { phaseSql } from './phaseSql.js';
import { reviewRulesOf } from '../activityReview/rules.js';

const a = activities;

export interface ActivityFilter {
  /** Organisers to include (a scope's subtree, or a teacher's chain); absent: every organiser. */
  orgIds?: readonly string[];
  status?: number;
  phase?: ActivityPhase;
  activitySystem?: number;
  keyword?: string;
  /** Only activities these ids name (a teacher's sign-ups). */
  ids?: readonly string[];
}

export interface OrgInfo {
  id: string;
  name: string;
  orgType: number;
  parentId: string | null;
}

/** The row's columns of an activity's fields (the scope lives in its own table). */
export function columnsOf(f: ActivityFields) {
  return {
    name: f.name,
    description: f.description,
    coverUrl: f.coverUrl,
    coverFileId: f.coverFileId,
    orgId: f.orgId,
    activitySystem: f.activitySystem,
    signUpStartAt: f.signUpStartTime,
    signUpEndAt: f.signUpEndTime,
    uploadStartAt: f.uploadStartTime,
    uploadEndAt: f.uploadEndTime,
    auditStartAt: f.auditStartTime,
    auditEndAt: f.auditEndTime,
    reviewLevels: f.reviewLevels,
    packageTemplate: f.packageTemplate,
    rules: f.rules,
    videoRules: f.videoRules,
    attachments: f.attachments,
    reviewRules: f.reviewRules,
  };
}

export function fieldsOf(row: ActivityRow, scope: ActivityScopeEntry[]): ActivityFields {
  return {
    name: row.name,
    description: row.description,
    coverUrl: row.coverUrl,
    coverFileId: row.coverFileId,
    orgId: row.orgId,
    activitySystem: row.activitySystem,
    signUpStartTime: row.signUpStartAt,
    signUpEndTime: row.signUpEndAt,
    uploadStartTime: row.uploadStartAt,
    uploadEndTime: row.uploadEndAt,
    auditStartTime: row.auditStartAt,
    auditEndTime: row.auditEndAt,
    scope,
    reviewLevels: row.reviewLevels,
    packageTemplate: row.packageTemplate,
    rules: row.rules,
    videoRules: row.videoRules,
    attachments: row.attachments,
    reviewRules: reviewRulesOf(row.reviewRules),
  };
}

export class ActivityRepo {
  constructor(private readonly db: Orm) {}

  async find(id: string): Promise<ActivityRow | undefined> {
    const [row] = await this.db.select().from(a).where(and(eq(a.id, id), isNull(a.deletedAt))).limit(1);
    return row;
  }

  async findMany(ids: readonly string[]): Promise<ActivityRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(a).where(and(inArray(a.id, [...ids]), isNull(a.deletedAt)));
  }

  async org(orgId: string): Promise<OrgInfo | undefined> {
    const o = organisations;
    const [row] = await this.db.select({ id: o.id, name: o.name, orgType: o.orgType, parentId: o.parentId }).from(o).where(eq(o.id, orgId)).limit(1);
    return row;
  }

  async orgNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const o = organisations;
    const found = await this.db.select({ id: o.id, name: o.name }).from(o).where(inArray(o.id, [...new Set(ids)]));
    return new Map(found.map((r) => [r.id, r.name]));
  }

  async scopes(ids: readonly string[]): Promise<Map<string, ActivityScopeEntry[]>> {
    const out = new Map<string, ActivityScopeEntry[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return out;
    const s = activityScopes;
    const found = await this.db.select().from(s).where(inArray(s.activityId, [...ids])).orderBy(asc(s.activityId), asc(s.sort));
    for (const r of found) out.get(r.activityId)?.push({ stage: r.stage, subjectCode: r.subjectCode, editionId: r.editionId, bookId: r.bookId });
    return out;
  }

  /** Teachers holding an active sign-up, by activity. */
  async signUpCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const s = activitySignUps;
    const found = await this.db
      .select({ id: s.activityId, n: count() })
      .from(s)
      .where(and(inArray(s.activityId, [...ids]), eq(s.status, SignUpStatus.ACTIVE)))
      .groupBy(s.activityId);
    return new Map(found.map((r) => [r.id, Number(r.n)]));
  }

  /** Organiser name, scope, active sign-ups and submitted works of each activity, in one query. */
  async summaryFacts(ids: readonly string[]): Promise<Map<string, { orgName: string; signUps: number; works: number; scope: ActivityScopeEntry[] }>> {
    if (ids.length === 0) return new Map();
    const found = await this.db
      .select({
        id: a.id,
        orgName: organisations.name,
        signUps: sql<number>`(SELECT count(*) FROM activity_sign_ups s WHERE s.activity_id = ${a.id} AND s.status = ${SignUpStatus.ACTIVE})`.mapWith(Number),
        works: sql<number>`(SELECT count(*) FROM activity_works w WHERE w.activity_id = ${a.id} AND w.submit_status = ${WorkSubmitStatus.SUBMITTED})`.mapWith(Number),
        scope: sql<ActivityScopeEntry[]>`(SELECT COALESCE(json_agg(json_build_object('stage', sc.stage, 'subjectCode', sc.subject_code, 'editionId', sc.edition_id, 'bookId', sc.book_id) ORDER BY sc.sort), '[]'::json)
          FROM activity_scopes sc WHERE sc.activity_id = ${a.id})`,
      })
      .from(a)
      .leftJoin(organisations, eq(organisations.id, a.orgId))
      .where(inArray(a.id, [...ids]));
    return new Map(found.map((r) => [r.id, { orgName: r.orgName ?? '', signUps: r.signUps, works: r.works, scope: typeof r.scope === 'string' ? JSON.parse(r.scope) : r.scope }]));
  }

  async activeSignUps(id: string): Promise<number> {
    return (await this.signUpCounts([id])).get(id) ?? 0;
  }

  /** Each scope entry names a subject of its stage in the curriculum, an edition of it and a book of that edition. */
  async checkScope(entries: readonly ActivityScopeEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const cs = curriculumSubjects;
    const subjects = await this.db.select({ stage: cs.stage, subjectCode: cs.subjectCode, editionId: cs.editionId }).from(cs);
    const bookIds = entries.flatMap((e) => (e.bookId ? [e.bookId] : []));
    const b = curriculumBooks;
    const books = bookIds.length
      ? await this.db.select({ id: b.id, editionId: b.editionId, stage: b.stage, subjectCode: b.subjectCode }).from(b).where(inArray(b.id, bookIds))
      : [];
    entries.forEach((e, i) => {
      const stage = stageName(e.stage) || String(e.stage);
      const ofSubject = subjects.filter((s) => s.stage === e.stage && s.subjectCode === e.subjectCode);
      if (ofSubject.length === 0) {
        throw new AppError(Codes.BAD_REQUEST, `参数 scope[${i}].subjectCode：${stage}没有学科 ${subjectName(e.subjectCode) || e.subjectCode}（课程目录中不存在）`, { field: `scope[${i}].subjectCode` });
      }
      if (e.editionId && !ofSubject.some((s) => s.editionId === e.editionId)) {
        throw new AppError(Codes.BAD_REQUEST, `参数 scope[${i}].editionId：${stage}${subjectName(e.subjectCode)}没有教材版本 ${e.editionId}`, { field: `scope[${i}].editionId` });
      }
      if (e.bookId) {
        const book = books.find((x) => x.id === e.bookId);
        if (!book || book.editionId !== e.editionId || book.stage !== e.stage || book.subjectCode !== e.subjectCode) {
          throw new AppError(Codes.BAD_REQUEST, `参数 scope[${i}].bookId：所选版本中没有册次 ${e.bookId}`, { field: `scope[${i}].bookId` });
        }
      }
    });
  }

  async insert(id: string, f: ActivityFields, createdBy: string, now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(a).values({ id, ...columnsOf(f), status: ActivityStatus.DRAFT, createdBy, createdAt: now, updatedAt: now });
      await writeScope(tx as unknown as Orm, id, f.scope);
    });
  }

  /** Compare-and-set on `version`: false when someone else wrote first. */
  async update(id: string, version: number, f: ActivityFields, now: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const done = await tx
        .update(a)
        .set({ ...columnsOf(f), version: version + 1, updatedAt: now })
        .where(and(eq(a.id, id), eq(a.version, version), isNull(a.deletedAt)))
        .returning({ id: a.id });
      if (done.length === 0) return false;
      await tx.delete(activityScopes).where(eq(activityScopes.activityId, id));
      await writeScope(tx as unknown as Orm, id, f.scope);
      return true;
    });
  }

  async setStatus(id: string, version: number, status: number, now: number): Promise<boolean> {
    const done = await this.db
      .update(a)
      .set({
        status,
        version: version + 1,
        updatedAt: now,
        ...(status === ActivityStatus.PUBLISHED ? { publishedAt: sql`COALESCE(${a.publishedAt}, ${now})` } : {}),
      })
      .where(and(eq(a.id, id), eq(a.version, version), isNull(a.deletedAt)))
      .returning({ id: a.id });
    return done.length > 0;
  }

  async softDelete(ids: readonly string[], now: number): Promise<number> {
    const done = await this.db
      .update(a)
      .set({ deletedAt: now, updatedAt: now, version: sql`${a.version} + 1` })
      .where(and(inArray(a.id, [...ids]), isNull(a.deletedAt), ne(a.status, ActivityStatus.PUBLISHED)))
      .returning({ id: a.id });
    return done.length;
  }

  async page(filter: ActivityFilter, request: PageRequest, now: number, order: 'created' | 'published' = 'created'): Promise<Page<ActivityRow>> {
    const where = this.where(filter, now);
    const ordering = order === 'published' ? [desc(a.signUpStartAt), desc(a.id)] : [desc(a.createdAt), desc(a.id)];
    return paged(
      request,
      (limit, offset) => this.db.select().from(a).where(where).orderBy(...ordering).limit(limit).offset(offset),
      async () => Number((await this.db.select({ n: count() }).from(a).where(where))[0]?.n ?? 0),
    );
  }

  private where(f: ActivityFilter, now: number): SQL | undefined {
    const keyword = f.keyword?.trim();
    return and(
      isNull(a.deletedAt),
      f.orgIds ? (f.orgIds.length ? inArray(a.orgId, [...f.orgIds]) : sql`false`) : undefined,
      f.ids ? (f.ids.length ? inArray(a.id, [...f.ids]) : sql`false`) : undefined,
      f.status !== undefined ? eq(a.status, f.status) : undefined,
      f.activitySystem !== undefined ? eq(a.activitySystem, f.activitySystem) : undefined,
      f.phase ? sql`${phaseSql(now)} = ${f.phase}` : undefined,
      keyword ? or(ilike(a.name, containsPattern(keyword))) : undefined,
    );
  }
}

async function writeScope(db: Orm, id: string, scope: readonly ActivityScopeEntry[]): Promise<void> {
  if (scope.length === 0) return;
  await db.insert(activityScopes).values(scope.map((s, i) => ({ activityId: id, stage: s.stage, subjectCode: s.subjectCode, editionId: s.editionId, bookId: s.bookId, sort: i })));
}
