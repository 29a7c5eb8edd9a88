import { enumOf, type EnumEntry } from './enum.js';

/** Apply (feedback, sign-up request) status (spec §4). */
export const ApplyStatuses = enumOf('ApplyStatus', [
  { value: 0, label: '待处理', labelEn: 'Pending' },
  { value: 1, label: '已处理', labelEn: 'Handled' },
  { value: 2, label: '无需处理', labelEn: 'No handling needed' },
] as const satisfies readonly EnumEntry<number>[]);

/** Identity codes of the people using the platform (spec §1). */
export const IdentityCodes = { TEACHER: 5, STUDENT: 6, PARENT: 7 } as const;

export const Identities = enumOf('Identity', [
  { value: 5, label: '教师', labelEn: 'Teacher' },
  { value: 6, label: '学生', labelEn: 'Student' },
  { value: 7, label: '家长', labelEn: 'Parent' },
] as const satisfies readonly EnumEntry<number>[]);
