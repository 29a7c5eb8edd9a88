/** Display names for the stage, subject and grade codes that lessons carry (codes from the SDK). */
import { Stages, Subjects } from '@dscloud/sdk/codes';

const GRADE_NAMES = ['', '一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '七年级', '八年级', '九年级', '高一', '高二', '高三'];

export function gradeName(grade: number): string {
  return GRADE_NAMES[grade] ?? (grade === 0 ? '学前' : `${grade}年级`);
}

/** Grades a stage spans: primary 1–6, junior high 7–9, senior high 10–12; kindergarten and other use 0. */
export function gradesOfStage(stage: number): number[] {
  switch (stage) {
    case 2:
      return [1, 2, 3, 4, 5, 6];
    case 3:
      return [7, 8, 9];
    case 4:
      return [10, 11, 12];
    default:
      return [0];
  }
}

export function stageName(stage: number): string {
  return Stages.find(stage)?.label ?? '';
}

export function subjectName(subjectCode: number): string {
  return Subjects.find(subjectCode)?.label ?? '';
}

export function subjectStage(subjectCode: number): number | undefined {
  return Subjects.find(subjectCode)?.stage;
}
