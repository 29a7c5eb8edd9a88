/** Rows → the shared shapes (`ActivitySummary`, `ActivityDetail`), with names and counts read in batches. */
import { inArray } from 'drizzle-orm';
import { ActivitySystems, type ActivityDetail, type ActivityScopeEntry, type ActivityScopeLabel, type ActivitySummary } from '@dscloud/sdk/activities';
import type { Orm } from '../db/database.js';
import { curriculumBooks, curriculumEditions } from '../db/schema.js';
import { stageName, subjectName } from '../curriculum/names.js';
import { phaseOfRow, type ActivityRow } from './activityAccess.js';
import type { ActivityRepo } from './activityRepo.js';
import { reviewRulesOf } from '../activityReview/rules.js';

export class ActivityView {
  constructor(
    private readonly db: Orm,
    private readonly repo: ActivityRepo,
  ) {}

  async summaries(list: readonly ActivityRow[], now: number): Promise<ActivitySummary[]> {
    const ids = list.map((r) => r.id);
    const facts = await this.repo.summaryFacts(ids);
    return list.map((row) => {
      const f = facts.get(row.id);
      return summaryOf(row, f?.scope ?? [], f?.orgName ?? '', f?.signUps ?? 0, f?.works ?? 0, now);
    });
  }

  async detail(row: ActivityRow, now: number): Promise<ActivityDetail> {
    const [summary] = await this.summaries([row], now);
    const scope = (await this.repo.scopes([row.id])).get(row.id) ?? [];
    return {
      ...summary!,
      description: row.description,
      coverFileId: row.coverFileId,
      scope: await this.labels(scope),
      reviewLevels: row.reviewLevels,
      packageTemplate: row.packageTemplate,
      rules: row.rules,
      videoRules: row.videoRules,
      attachments: row.attachments,
      reviewRules: reviewRulesOf(row.reviewRules),
      createTime: row.createdAt,
      updateTime: row.updatedAt,
    };
  }

  /** The scope with the names the forms and cards show. */
  async labels(scope: readonly ActivityScopeEntry[]): Promise<ActivityScopeLabel[]> {
    const editionIds = [...new Set(scope.flatMap((s) => (s.editionId ? [s.editionId] : [])))];
    const bookIds = [...new Set(scope.flatMap((s) => (s.bookId ? [s.bookId] : [])))];
    const [editions, books] = await Promise.all([
      editionIds.length ? this.db.select({ id: curriculumEditions.id, name: curriculumEditions.name }).from(curriculumEditions).where(inArray(curriculumEditions.id, editionIds)) : [],
      bookIds.length ? this.db.select({ id: curriculumBooks.id, name: curriculumBooks.name }).from(curriculumBooks).where(inArray(curriculumBooks.id, bookIds)) : [],
    ]);
    const edition = new Map(editions.map((e) => [e.id, e.name]));
    const book = new Map(books.map((b) => [b.id, b.name]));
    return scope.map((s) => ({
      ...s,
      stageName: stageName(s.stage),
      subjectName: subjectName(s.subjectCode),
      editionName: s.editionId ? (edition.get(s.editionId) ?? '') : '',
      bookName: s.bookId ? (book.get(s.bookId) ?? '') : '',
    }));
  }
}

function summaryOf(row: ActivityRow, scope: ActivityScopeEntry[], orgName: string, signUpCount: number, workCount: number, now: number): ActivitySummary {
  const phase = phaseOfRow(row, now);
  const stages = [...new Set(scope.map((s) => s.stage))].map((stage) => ({ stage, stageName: stageName(stage) }));
  const subjects = [...new Set(scope.map((s) => s.subjectCode))].map((subjectCode) => ({ subjectCode, subjectName: subjectName(subjectCode) }));
  return {
    activityId: row.id,
    name: row.name,
    coverUrl: row.coverUrl,
    orgId: row.orgId,
    orgName,
    activitySystem: row.activitySystem,
    activitySystemName: ActivitySystems.find(row.activitySystem)?.label ?? '',
    status: row.status,
    phase: phase.phase,
    phaseEndTime: phase.endsAt,
    signUpStartTime: row.signUpStartAt,
    signUpEndTime: row.signUpEndAt,
    uploadStartTime: row.uploadStartAt,
    uploadEndTime: row.uploadEndAt,
    auditStartTime: row.auditStartAt,
    auditEndTime: row.auditEndAt,
    stages,
    subjects,
    signUpCount,
    workCount,
    publishTime: row.publishedAt,
    version: row.version,
  };
}
