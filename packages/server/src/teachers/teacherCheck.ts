/**
 * The rules of one teacher introduction, shared by add, update, batchAdd and the Excel import. A
 * check collects every problem instead of stopping at the first, so the import can report them all;
 * the JSON calls answer the first one as an error naming the field (`参数 <field> <reason>`).
 */
import { Codes } from '@dscloud/sdk/errors';
import { Stages, Subjects } from '@dscloud/sdk/codes';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import type { OrgScope } from '../management/orgScope.js';
import { OrgType } from '../users/orgTypes.js';
import type { TeacherFields } from './teacherRepo.js';

export interface TeacherProblem {
  /** The body's field, e.g. `subjectCodes[1]`. */
  field: string;
  /** The catalogue code the JSON call answers with. */
  code: number;
  /** What is wrong, after the field's name: `不能为空`, `不是有效的学段：7`. */
  reason: string;
}

export interface Checked {
  fields: Partial<TeacherFields>;
  problems: TeacherProblem[];
}

/** Why a school outside the caller's subtree is refused: the words of every scope refusal (`assertInScope`). */
export const OUT_OF_REACH = '不在您的管理范围内';

/** The JSON calls' error for the first problem; `where` prefixes the field (`teachers[2].`). */
export function problemError(p: TeacherProblem, where = ''): AppError {
  const field = `${where}${p.field}`;
  if (p.reason === OUT_OF_REACH) return new AppError(Codes.FORBIDDEN, OUT_OF_REACH, { field });
  return new AppError(p.code, `参数 ${field} ${p.reason}`, { field });
}

export async function checkTeacher(ctx: AppContext, f: Partial<TeacherFields>, scope: OrgScope | null): Promise<Checked> {
  const out: Partial<TeacherFields> = { ...f };
  const problems: TeacherProblem[] = [];
  const bad = (field: string, reason: string, code: number = Codes.BAD_REQUEST) => problems.push({ field, reason, code });

  if (f.name !== undefined) {
    out.name = f.name.trim();
    if (!out.name) bad('name', '不能为空');
  }
  for (const key of ['title', 'honours', 'intro'] as const) if (typeof f[key] === 'string') out[key] = f[key].trim();
  const stageOk = f.stage === undefined || f.stage === null || Stages.has(f.stage);
  if (!stageOk) bad('stage', `不是有效的学段：${f.stage}`);
  for (const [i, code] of (f.subjectCodes ?? []).entries()) {
    const subject = Subjects.find(code);
    if (!subject) bad(`subjectCodes[${i}]`, `不是有效的学科：${code}`);
    else if (stageOk && f.stage != null && subject.stage !== f.stage) bad(`subjectCodes[${i}]`, `的学科 ${code} 不属于学段 ${f.stage}`);
  }
  if (f.userId) {
    const user = await ctx.users.byId(f.userId);
    if (!user) bad('userId', `对应的用户不存在：${f.userId}`);
    else if (user.identityCode !== 5) bad('userId', `对应的用户不是教师：${f.userId}`);
    // A school or district administrator binds only accounts of their own subtree: binding another
    // district's teacher would lock that district out of its own teacher's introduction.
    else if (scope && !scope.covers(user.orgId)) bad('userId', `对应的教师账号不在您的管理范围内，只能绑定本单位的教师：${f.userId}`, Codes.FORBIDDEN);
    else if (!f.schoolName && !f.schoolId) {
      const [org] = await ctx.users.orgChain(user.orgId);
      if (org) Object.assign(out, { schoolId: org.id, schoolName: org.name });
    }
  }
  if (f.schoolId) {
    const org = await ctx.users.orgById(f.schoolId);
    if (!org) bad('schoolId', `对应的学校不存在：${f.schoolId}`);
    else if (org.orgType !== OrgType.SCHOOL) bad('schoolId', `不是学校：${org.name}`);
    else if (!f.schoolName) out.schoolName = org.name;
  }
  // A school or district administrator adds and moves teachers only within their reach.
  if (scope && !scope.all && (f.schoolId !== undefined || f.userId)) {
    if (!out.schoolId) bad('schoolId', '不能为空');
    else if (!scope.covers(out.schoolId) && !problems.some((p) => p.field === 'schoolId')) bad('schoolId', OUT_OF_REACH, Codes.FORBIDDEN);
  }
  return { fields: out, problems };
}

/** Checks and throws the first problem (the JSON calls). */
export async function requireValidTeacher(ctx: AppContext, f: Partial<TeacherFields>, scope: OrgScope | null, where = ''): Promise<Partial<TeacherFields>> {
  const { fields, problems } = await checkTeacher(ctx, f, scope);
  if (problems[0]) throw problemError(problems[0], where);
  return fields;
}
