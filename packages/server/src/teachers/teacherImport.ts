/**
 * Batch import of teacher introductions from the Excel template. Every row is checked and every
 * problem reported (row, column, reason in Chinese). Nothing is half-imported: when any row is
 * refused nothing is stored; otherwise all rows go in one transaction.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { Stages, Subjects } from '@dscloud/sdk/codes';
import type { ImportProblem, ImportReport } from '@dscloud/sdk/teachers';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { organisations, teacherInfos } from '../db/schema.js';
import { textProblem } from '../http/schemaRules.js';
import type { OrgScope } from '../management/orgScope.js';
import { OrgType } from '../users/orgTypes.js';
import { checkTeacher } from './teacherCheck.js';
import { COLUMNS, type ColumnKey, type SheetRow } from './teacherExcel.js';
import type { TeacherFields, TeacherRepo } from './teacherRepo.js';

export type { ImportProblem, ImportReport };

const LIMITS: Partial<Record<ColumnKey, number>> = { name: 32, title: 32, honours: 500, intro: 2000 };
const FIELD_COLUMN: Record<string, ColumnKey> = { name: 'name', sex: 'sex', title: 'title', schoolId: 'school', stage: 'stage', userId: 'username', honours: 'honours', intro: 'intro' };
const titleOf = (key: ColumnKey) => COLUMNS.find((c) => c.key === key)!.title;
const STAGE_NAMES = Stages.entries.map((s) => s.label).join('、');

type School = { id: string; name: string };

export async function importTeachers(ctx: AppContext, repo: TeacherRepo, sheet: SheetRow[], scope: OrgScope | null, by: string): Promise<ImportReport> {
  const db = ctx.db.orm;
  const schoolKeys = [...new Set(sheet.map((r) => r.cells.school).filter((s): s is string => !!s))];
  const schools = schoolKeys.length
    ? await db
        .select({ id: organisations.id, name: organisations.name, shortName: organisations.shortName })
        .from(organisations)
        .where(and(eq(organisations.orgType, OrgType.SCHOOL), or(inArray(organisations.id, schoolKeys), inArray(organisations.name, schoolKeys), inArray(organisations.shortName, schoolKeys))))
    : [];
  const schoolOf = (key: string): School | undefined => schools.find((s) => s.id === key) ?? schools.find((s) => s.name === key) ?? schools.find((s) => s.shortName === key);
  const names = [...new Set(sheet.map((r) => r.cells.name).filter((n): n is string => !!n))];
  const existing = names.length
    ? await db.select({ name: teacherInfos.name, schoolId: teacherInfos.schoolId }).from(teacherInfos).where(inArray(teacherInfos.name, names))
    : [];

  const problems: ImportProblem[] = [];
  const entries: { row: SheetRow; fields: TeacherFields; ok: boolean }[] = [];
  const seenTeacher = new Map<string, number>();
  const seenUser = new Map<string, number>();

  for (const r of sheet) {
    const before = problems.length;
    const refuse = (key: ColumnKey, reason: string) => problems.push({ row: r.row, column: titleOf(key), reason });
    const c = r.cells;
    for (const col of COLUMNS) {
      const text = c[col.key];
      if (col.required && !text) refuse(col.key, `${col.title}不能为空`);
      const limit = LIMITS[col.key];
      if (text && limit && text.length > limit) refuse(col.key, `${col.title}最多 ${limit} 字，现有 ${text.length} 字`);
      if (text && textProblem(text)) refuse(col.key, `${col.title}含有无法保存的字符`);
    }
    const fields: TeacherFields = { name: c.name ?? '', title: c.title ?? '', intro: c.intro ?? '' };
    fields.honours = (c.honours ?? '').split(/[;；\n]+/).map((s) => s.trim()).filter(Boolean).join('\n');
    if (!c.sex || c.sex === '男') fields.sex = '1';
    else if (c.sex === '女') fields.sex = '2';
    else refuse('sex', `性别只能填“男”或“女”，不能是“${c.sex}”`);

    if (c.school) {
      const school = schoolOf(c.school);
      if (!school) refuse('school', `找不到学校“${c.school}”，请填写学校全称或机构编号`);
      else if (scope && !scope.all && !scope.covers(school.id)) refuse('school', `学校“${school.name}”不在您的管理范围内`);
      else Object.assign(fields, { schoolId: school.id, schoolName: school.name });
    }
    if (c.stage) {
      const stage = Stages.entries.find((s) => s.label === c.stage || String(s.value) === c.stage);
      if (!stage) refuse('stage', `学段“${c.stage}”无效，可填：${STAGE_NAMES}`);
      else fields.stage = stage.value;
    }
    if (c.subjects) {
      const wanted = c.subjects.split(/[、,，;；\s]+/).filter(Boolean);
      if (!c.stage) refuse('stage', '填写了学科时必须填写学段');
      else if (fields.stage !== undefined) {
        const codes: number[] = [];
        for (const name of wanted) {
          const subject = Subjects.entries.find((s) => s.stage === fields.stage && s.label === name);
          if (!subject) refuse('subjects', `学科“${name}”不属于学段“${c.stage}”`);
          else if (!codes.includes(subject.value)) codes.push(subject.value);
        }
        fields.subjectCodes = codes;
      }
    }
    if (c.username) {
      const user = await ctx.users.byUsername(c.username);
      const earlier = seenUser.get(c.username);
      if (!user) refuse('username', `平台账号“${c.username}”不存在`);
      else if (user.identityCode !== 5) refuse('username', `平台账号“${c.username}”不是教师账号`);
      else if (earlier) refuse('username', `平台账号“${c.username}”与第 ${earlier} 行重复`);
      else if ((await repo.userIdsTaken([user.id])).length > 0) refuse('username', `平台账号“${c.username}”已有教师介绍`);
      else fields.userId = user.id;
      seenUser.set(c.username, earlier ?? r.row);
    }
    if (fields.name && fields.schoolId) {
      const key = `${fields.schoolId}\u0000${fields.name}`;
      const earlier = seenTeacher.get(key);
      if (earlier) refuse('name', `与第 ${earlier} 行重复：${fields.schoolName}已有名为“${fields.name}”的教师`);
      else if (existing.some((e) => e.name === fields.name && e.schoolId === fields.schoolId)) refuse('name', `${fields.schoolName}已有名为“${fields.name}”的教师，不重复导入`);
      else seenTeacher.set(key, r.row);
    }
    // The same rules as the JSON calls, for whatever the columns above did not already refuse.
    if (problems.length === before) {
      const checked = await checkTeacher(ctx, fields, scope);
      for (const p of checked.problems) refuse(FIELD_COLUMN[p.field.replace(/\[\d+\]$/, '')] ?? 'subjects', p.code === 403 ? '不在您的管理范围内' : `${p.reason}`);
      Object.assign(fields, checked.fields);
    }
    entries.push({ row: r, fields, ok: problems.length === before });
  }

  const report: ImportReport = { imported: false, total: sheet.length, importedCount: 0, teacherInfoIds: [], rows: [], problems };
  if (problems.length > 0) {
    report.rows = entries.map((e) => ({ row: e.row.row, name: e.fields.name, status: e.ok ? 'valid' : 'refused' }));
    return report;
  }
  const ids = entries.map(() => newId('te'));
  await repo.insertAll(entries.map((e, i) => ({ id: ids[i]!, fields: e.fields })), by, ctx.now());
  return {
    ...report,
    imported: true,
    importedCount: ids.length,
    teacherInfoIds: ids,
    rows: entries.map((e, i) => ({ row: e.row.row, name: e.fields.name, status: 'imported', teacherInfoId: ids[i] })),
  };
}
