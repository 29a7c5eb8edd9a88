import { enumOf, type EnumEntry } from './enum.js';

/** School stages (spec §9). */
export const Stages = enumOf('Stage', [
  { value: 1, label: '幼儿园', labelEn: 'Kindergarten' },
  { value: 2, label: '小学', labelEn: 'Primary school' },
  { value: 3, label: '初中', labelEn: 'Junior high school' },
  { value: 4, label: '高中', labelEn: 'Senior high school' },
  { value: 9, label: '其他', labelEn: 'Other' },
] as const satisfies readonly EnumEntry<number>[]);

export type StageCode = 1 | 2 | 3 | 4 | 9;
