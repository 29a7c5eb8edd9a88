/**
 * Curriculum node coverage (`staActivityManage/cover`): the claimable nodes of the activity's scope
 * (leaves of its books' chapter trees, or of a stage and subject's knowledge tree) and, per node, its
 * sign-ups and works. A node counts once, at its best state: excellent > passed > works > none
 * (a work counts when submitted). The scope's node list is kept per activity version for a minute
 * (a TtlCache), the submitted works per node come from the kept counters (migration 0094), summed
 * per node in the database.
 */
import { inArray, sql } from 'drizzle-orm';
import type { CoverNodeQuery, CoverNodeRow, CoverState, CoverStat, CoverSummary } from '@dscloud/sdk/review';
import type { Orm } from '../db/database.js';
import { num, rows } from '../db/rows.js';
import { curriculumBooks } from '../db/schema.js';
import { stageName, subjectName } from '../curriculum/names.js';
import { scopeNodes, type ScopeNodeRow } from '../activityWorks/scopeNodes.js';
import { TtlCache } from '../util/ttlCache.js';
import type { ActivityRow } from '../activities/activityAccess.js';

type R = Record<string, unknown>;

export class CoverStats {
  /** The scope's nodes per activity version, a minute (a new curriculum node shows within that). */
  readonly cache = new TtlCache<ScopeNodeRow[]>(60_000, 200, Date.now, 32 * 1024 * 1024);

  constructor(private readonly db: Orm) {}

  /** Every claimable node of the activity with its figures, in curriculum order. */
  async nodes(activity: ActivityRow): Promise<CoverNodeRow[]> {
    const all = await this.cache.get(`${activity.id}@${activity.version}`, () => scopeNodes(this.db, activity.id));
    const parents = new Set(all.map((n) => n.parentId).filter((p): p is string => Boolean(p)));
    const byId = new Map(all.map((n) => [n.id, n]));
    const leaves = all.filter((n) => !parents.has(n.id));
    const [works, taken, books] = await Promise.all([
      rows<R>(
        this.db,
        sql`SELECT key, sum(n) AS works, sum(n) FILTER (WHERE review_state IN (3, 5)) AS passed, sum(n) FILTER (WHERE review_state = 5) AS excellent
            FROM activity_work_counters WHERE activity_id = ${activity.id} AND dim = 'node' AND submit_status = 1 GROUP BY key HAVING sum(n) <> 0`,
      ),
      rows<R>(this.db, sql`SELECT node_id, taken FROM activity_node_occupancy WHERE activity_id = ${activity.id}`),
      this.bookNames([...new Set(leaves.map((n) => n.bookId).filter((b): b is string => Boolean(b)))]),
    ]);
    const worksBy = new Map(works.map((r) => [String(r.key), { works: num(r.works), passed: num(r.passed), excellent: num(r.excellent) }]));
    const takenBy = new Map(taken.map((r) => [String(r.node_id), num(r.taken)]));
    const pathOf = (n: ScopeNodeRow): string => {
      const names: string[] = [];
      for (let p = n.parentId ? byId.get(n.parentId) : undefined; p && names.length < 10; p = p.parentId ? byId.get(p.parentId) : undefined) names.unshift(p.name);
      return names.join(' / ');
    };
    return leaves.map((n) => {
      const w = worksBy.get(n.id);
      const counts = { works: w?.works ?? 0, passed: w?.passed ?? 0, excellent: w?.excellent ?? 0 };
      const state: CoverState = counts.excellent > 0 ? 'excellent' : counts.passed > 0 ? 'passed' : counts.works > 0 ? 'works' : 'none';
      return {
        nodeId: n.id,
        nodeName: n.name,
        path: pathOf(n),
        bookId: n.bookId,
        bookName: n.bookId ? (books.get(n.bookId) ?? '') : '',
        stage: n.stage,
        subjectCode: n.subjectCode,
        signUps: takenBy.get(n.id) ?? 0,
        ...counts,
        state,
      };
    });
  }

  async summary(activity: ActivityRow): Promise<CoverStat> {
    const nodes = await this.nodes(activity);
    const groups = new Map<string, CoverNodeRow[]>();
    for (const n of nodes) {
      const k = `${n.stage}|${n.subjectCode}`;
      groups.set(k, [...(groups.get(k) ?? []), n]);
    }
    return {
      total: summarise(nodes, null, null),
      subjects: [...groups.values()].map((list) => summarise(list, list[0]!.stage, list[0]!.subjectCode)),
    };
  }

  /** The nodes matching the query's filters (for a page or the export). */
  async filtered(activity: ActivityRow, q: Omit<CoverNodeQuery, 'activityId' | 'pageNum' | 'pageSize'>): Promise<CoverNodeRow[]> {
    return (await this.nodes(activity)).filter(
      (n) =>
        (q.stage === undefined || n.stage === q.stage) &&
        (q.subjectCode === undefined || n.subjectCode === q.subjectCode) &&
        (!q.bookId || n.bookId === q.bookId) &&
        (!q.state || n.state === q.state),
    );
  }

  private async bookNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const found = await this.db.select({ id: curriculumBooks.id, name: curriculumBooks.name }).from(curriculumBooks).where(inArray(curriculumBooks.id, ids));
    return new Map(found.map((b) => [b.id, b.name]));
  }
}

function summarise(nodes: CoverNodeRow[], stage: number | null, subjectCode: number | null): CoverSummary {
  const count = (state: CoverState) => nodes.filter((n) => n.state === state).length;
  const excellent = count('excellent');
  const passed = count('passed') + excellent;
  return {
    stage,
    stageName: stage === null ? '全部' : stageName(stage),
    subjectCode,
    subjectName: subjectCode === null ? '全部' : subjectName(subjectCode),
    nodes: nodes.length,
    noWork: count('none'),
    withWorks: nodes.length - count('none'),
    withPassed: passed,
    withExcellent: excellent,
  };
}
