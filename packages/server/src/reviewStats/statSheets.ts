/** The export sheets of the statistics tables: Chinese headers, one sheet per table. */
import type { ActivityTotals, AreaStatRow, CoverNodeRow, CoverSummary, SignUpPersonRow, SubjectStatRow, WorkCounts } from '@dscloud/sdk/review';
import { sheet, type Column, type Sheet } from '../exports/xlsx.js';
import { COUNT_COLUMNS } from './statsAccess.js';

const time = (ms: number | null | undefined): string => (ms ? new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') : '');
export const chinaTime = time;

const counts = <T extends WorkCounts>(): Column<T>[] => COUNT_COLUMNS.map((c) => ({ header: c.header, value: (r: T) => r[c.key] }));

export function totalSheet(t: ActivityTotals): Sheet<unknown> {
  const pairs: Array<[string, number]> = [
    ['报名人数', t.signUpPersons],
    ['认领节点数', t.signUpNodes],
    ['参与学校数', t.schools],
    ['参与区县数', t.districts],
    ...COUNT_COLUMNS.map((c): [string, number] => [c.header, t[c.key]]),
  ];
  return sheet({
    name: '总体情况',
    columns: [
      { header: '指标', width: 16, value: (r: [string, number]) => r[0] },
      { header: '数值', width: 12, value: (r: [string, number]) => r[1] },
    ],
    rows: pairs,
  });
}

export function signUpPersonSheet(rows: Iterable<SignUpPersonRow> | AsyncIterable<SignUpPersonRow>): Sheet<unknown> {
  return sheet<SignUpPersonRow>({
    name: '报名人员',
    columns: [
      { header: '姓名', width: 12, value: (r) => r.realName },
      { header: '手机号', width: 14, value: (r) => r.phone },
      { header: '学校', width: 28, value: (r) => r.schoolName },
      { header: '区县', width: 14, value: (r) => r.districtName },
      { header: '学段', width: 8, value: (r) => r.stageName },
      { header: '学科', width: 10, value: (r) => r.subjectName },
      { header: '认领节点数', value: (r) => r.nodeCount },
      { header: '作品数', value: (r) => r.workCount },
      { header: '已提交', value: (r) => r.submittedCount },
      { header: '报名时间', width: 18, value: (r) => time(r.signedUpAt) },
    ],
    rows,
  });
}

export function subjectSheet(rows: SubjectStatRow[]): Sheet<unknown> {
  return sheet<SubjectStatRow>({
    name: '学科统计',
    columns: [
      { header: '学段', width: 8, value: (r) => r.stageName },
      { header: '学科', width: 10, value: (r) => r.subjectName },
      { header: '报名人数', value: (r) => r.signUpPersons },
      ...counts<SubjectStatRow>(),
    ],
    rows,
  });
}

export function areaSheet(name: string, rows: AreaStatRow[]): Sheet<unknown> {
  return sheet<AreaStatRow>({
    name,
    columns: [{ header: name === '区县统计' ? '区县' : '学校', width: 28, value: (r) => r.orgName }, { header: '报名人数', value: (r) => r.signUpPersons }, ...counts<AreaStatRow>()],
    rows,
  });
}

export function coverSummarySheet(rows: CoverSummary[]): Sheet<unknown> {
  return sheet<CoverSummary>({
    name: '节点覆盖',
    columns: [
      { header: '学段', width: 8, value: (r) => r.stageName },
      { header: '学科', width: 10, value: (r) => r.subjectName },
      { header: '节点数', value: (r) => r.nodes },
      { header: '无作品节点', value: (r) => r.noWork },
      { header: '有作品节点', value: (r) => r.withWorks },
      { header: '有通过作品节点', value: (r) => r.withPassed },
      { header: '有优秀作品节点', value: (r) => r.withExcellent },
    ],
    rows,
  });
}

const STATE_NAMES = { none: '无作品', works: '有作品', passed: '有通过作品', excellent: '有优秀作品' } as const;

export function coverNodeSheet(rows: CoverNodeRow[]): Sheet<unknown> {
  return sheet<CoverNodeRow>({
    name: '节点明细',
    columns: [
      { header: '教材', width: 20, value: (r) => r.bookName },
      { header: '章节', width: 30, value: (r) => r.path },
      { header: '节点', width: 24, value: (r) => r.nodeName },
      { header: '认领人数', value: (r) => r.signUps },
      { header: '作品数', value: (r) => r.works },
      { header: '通过作品', value: (r) => r.passed },
      { header: '优秀作品', value: (r) => r.excellent },
      { header: '覆盖情况', value: (r) => STATE_NAMES[r.state] },
    ],
    rows,
  });
}
