/**
 * The bench's catalogue generator: it inserts many lessons quickly, they show up in the public lists
 * with correct totals, and the filtered on-demand page is answered from the composite index in order
 * (no sort over the whole table). LESSON_BULK_COUNT raises the count for a manual run.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';
import { bulkGenerateLessons } from '../src/lessons/bulkGenerate.js';
import { count } from './lessonHelpers.js';

const N = Number(process.env.LESSON_BULK_COUNT ?? 20_000);
const h = useHarness();

describe('bulk lesson generator', () => {
  it(`inserts ${N} lessons spread over the curriculum, idempotently`, async () => {
    const before = await count(h, 'SELECT count(*) AS n FROM lessons');
    const result = await bulkGenerateLessons(h.db.orm, { count: N, now: Date.now() });
    expect(result.inserted).toBe(N);
    console.log(`bulkGenerateLessons: ${N} lessons in ${result.ms} ms (${h.db.kind})`);
    expect(await count(h, 'SELECT count(*) AS n FROM lessons')).toBe(before + N);
    expect(await count(h, 'SELECT count(DISTINCT book_id) AS n FROM lessons')).toBe(28);
    expect((await bulkGenerateLessons(h.db.orm, { count: 100 })).inserted).toBe(0);
  }, 600_000);

  it('answers the filtered page with totals that match the table', async () => {
    const body = { stage: 2, subjectCode: 214, grade: 3, pageNum: 2, pageSize: 20 };
    const answer = await h.call('POST', '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { body });
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await h.call('POST', '/cloudSchool/v1/cloudLesson/getOnDemandLessonPage', { body: { ...body, pageNum: 1 + (i % 5) } });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`filtered page over ${N} lessons, one client: median ${times[10]!.toFixed(1)} ms, max ${times[19]!.toFixed(1)} ms`);
    expect(answer.data.total).toBe(await count(h, 'SELECT count(*) AS n FROM lessons WHERE live_flag = 0 AND publish_status = 1 AND stage = 2 AND subject_code = 214 AND grade = 3'));
    expect(answer.data.rows).toHaveLength(20);
    for (const row of answer.data.rows) expect(row).toMatchObject({ stage: 2, subjectCode: 214, grade: 3, publishStatus: 1 });
  });

  it('walks the composite index in order instead of sorting the table', async () => {
    const plan = (await h.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT l.id FROM lessons l WHERE l.live_flag = 0 AND l.publish_status = 1 AND l.stage = 2 AND l.subject_code = 214 AND l.grade = 3
       ORDER BY l.created_at DESC, l.id DESC LIMIT 20 OFFSET 20`,
    )).map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('lessons_list_grade_idx');
    expect(plan).not.toMatch(/Seq Scan|Sort/);
    const stageOnly = (await h.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT l.id FROM lessons l WHERE l.live_flag = 0 AND l.publish_status = 1 AND l.stage = 3 ORDER BY l.created_at DESC, l.id DESC LIMIT 20`,
    )).map((r) => r['QUERY PLAN']).join('\n');
    expect(stageOnly).toContain('lessons_list_stage_idx');
    expect(stageOnly).not.toMatch(/Seq Scan|Sort/);
    const unfiltered = (await h.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT l.id FROM lessons l WHERE l.live_flag = 0 AND l.publish_status = 1 ORDER BY l.created_at DESC, l.id DESC LIMIT 20`,
    )).map((r) => r['QUERY PLAN']).join('\n');
    expect(unfiltered).toContain('lessons_list_idx');
  });
});
