import { enumOf, type EnumEntry } from './enum.js';

/** Homework-type codes 1–11 (spec §9). */
export const HomeworkTypes = enumOf('HomeworkType', [
  { value: 1, label: '作业/练习', labelEn: 'Homework or practice' },
  { value: 2, label: '练习', labelEn: 'Practice' },
  { value: 3, label: '课程活动', labelEn: 'Course activity' },
  { value: 4, label: '课堂练习', labelEn: 'In-class practice' },
  { value: 5, label: '巩固练习', labelEn: 'Consolidation practice' },
  { value: 6, label: '课堂训练', labelEn: 'Classroom training' },
  { value: 7, label: '任务练习', labelEn: 'Task practice' },
  { value: 8, label: '选题', labelEn: 'Question picking' },
  { value: 9, label: '个性化辅导', labelEn: 'Personalised tutoring' },
  { value: 10, label: '关卡', labelEn: 'Level' },
  { value: 11, label: '听写关卡', labelEn: 'Dictation level' },
] as const satisfies readonly EnumEntry<number>[]);
