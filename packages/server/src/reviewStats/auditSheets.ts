/** Export sheets of the review progress tables. */
import { AuditDecisions, type MyAuditRow, type ReviewerDecisionRow, type ReviewerStatRow, type AuditProgress } from '@dscloud/sdk/review';
import { sheet, type Column, type Sheet } from '../exports/xlsx.js';
import { levelName } from './statsAccess.js';
import { chinaTime } from './statSheets.js';

const PROGRESS: Array<{ header: string; key: keyof AuditProgress }> = [
  { header: '分配作品', key: 'assigned' },
  { header: '已评审', key: 'done' },
  { header: '待评审', key: 'pending' },
  { header: '通过', key: 'passed' },
  { header: '退回修改', key: 'returned' },
  { header: '不通过', key: 'rejected' },
  { header: '评为优秀', key: 'excellent' },
];
const progress = <T extends AuditProgress>(): Column<T>[] => PROGRESS.map((c) => ({ header: c.header, value: (r: T) => r[c.key] }));
const minutes = (ms: number | null): number | null => (ms === null ? null : Math.round(ms / 6_000) / 10);

export function myAuditSheet(rows: MyAuditRow[]): Sheet<unknown> {
  return sheet<MyAuditRow>({
    name: '我的评审概况',
    columns: [
      { header: '评审级别', value: (r) => r.levelName },
      { header: '评审单位', width: 24, value: (r) => r.orgName },
      { header: '学段', value: (r) => r.stageName },
      { header: '学科', value: (r) => r.subjectName },
      ...progress<MyAuditRow>(),
      { header: '推荐名额', value: (r) => r.quota },
      { header: '已用名额', value: (r) => r.quotaUsed },
    ],
    rows,
  });
}

export function reviewerSheet(rows: ReviewerStatRow[]): Sheet<unknown> {
  return sheet<ReviewerStatRow>({
    name: '评审人员进度',
    columns: [
      { header: '评审人', width: 12, value: (r) => r.userName },
      { header: '评审任务', width: 40, value: (r) => r.assignments.join('；') },
      ...progress<ReviewerStatRow>(),
      { header: '平均用时（分钟）', width: 16, value: (r) => minutes(r.avgDecisionMs) },
      { header: '最近评审时间', width: 18, value: (r) => chinaTime(r.lastDecisionAt) },
    ],
    rows,
  });
}

export function decisionSheet(rows: ReviewerDecisionRow[]): Sheet<unknown> {
  return sheet<ReviewerDecisionRow>({
    name: '评审记录',
    columns: [
      { header: '作品', width: 28, value: (r) => r.title },
      { header: '教师', width: 12, value: (r) => r.teacherName },
      { header: '学校', width: 24, value: (r) => r.schoolName },
      { header: '节点', width: 20, value: (r) => r.nodeName },
      { header: '评审级别', value: (r) => levelName(r.level) },
      { header: '轮次', value: (r) => r.round },
      { header: '结论', value: (r) => AuditDecisions.find(r.decision)?.label ?? String(r.decision) },
      { header: '得分', value: (r) => r.score },
      { header: '意见', width: 40, value: (r) => r.opinion },
      { header: '计入结果', value: (r) => (r.counted ? '是' : '否（待定）') },
      { header: '评审时间', width: 18, value: (r) => chinaTime(r.at) },
      { header: '用时（分钟）', value: (r) => minutes(r.decisionMs) },
    ],
    rows,
  });
}
