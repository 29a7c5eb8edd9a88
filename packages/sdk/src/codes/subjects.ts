import { enumOf, type EnumEntry } from './enum.js';
import type { StageCode } from './stages.js';

export interface SubjectEntry extends EnumEntry<number> {
  stage: StageCode;
  /** Background colour of the subject's cards and tags. */
  color: string;
}

const s = (value: number, label: string, labelEn: string, color: string): SubjectEntry => ({
  value,
  label,
  labelEn,
  color,
  stage: Math.floor(value / 100) as StageCode,
});

/**
 * Subjects by stage: the hundreds digit is the stage (2xx primary, 3xx junior high, 4xx senior high),
 * the rest the subject, so 213/313/413 are Chinese in each stage (spec §9). Kindergarten has domains.
 */
export const Subjects = enumOf<number, SubjectEntry>('Subject', [
  { value: 101, label: '健康', labelEn: 'Health', color: '#52c41a', stage: 1 },
  { value: 102, label: '语言', labelEn: 'Language', color: '#f5222d', stage: 1 },
  { value: 103, label: '社会', labelEn: 'Society', color: '#fa8c16', stage: 1 },
  { value: 104, label: '科学', labelEn: 'Science', color: '#1890ff', stage: 1 },
  { value: 105, label: '艺术', labelEn: 'Arts', color: '#eb2f96', stage: 1 },
  s(213, '语文', 'Chinese', '#f5222d'),
  s(214, '数学', 'Mathematics', '#1890ff'),
  s(241, '英语', 'English', '#722ed1'),
  s(216, '道德与法治', 'Morality and Law', '#fa541c'),
  s(225, '科学', 'Science', '#13c2c2'),
  s(226, '音乐', 'Music', '#eb2f96'),
  s(227, '美术', 'Fine Arts', '#faad14'),
  s(228, '体育与健康', 'Physical Education', '#52c41a'),
  s(229, '信息科技', 'Information Technology', '#2f54eb'),
  s(230, '劳动', 'Labour', '#a0d911'),
  s(313, '语文', 'Chinese', '#f5222d'),
  s(314, '数学', 'Mathematics', '#1890ff'),
  s(341, '英语', 'English', '#722ed1'),
  s(316, '道德与法治', 'Morality and Law', '#fa541c'),
  s(317, '物理', 'Physics', '#2f54eb'),
  s(318, '化学', 'Chemistry', '#13c2c2'),
  s(319, '生物学', 'Biology', '#52c41a'),
  s(320, '历史', 'History', '#d4380d'),
  s(321, '地理', 'Geography', '#08979c'),
  s(326, '音乐', 'Music', '#eb2f96'),
  s(327, '美术', 'Fine Arts', '#faad14'),
  s(328, '体育与健康', 'Physical Education', '#389e0d'),
  s(329, '信息科技', 'Information Technology', '#1d39c4'),
  s(413, '语文', 'Chinese', '#f5222d'),
  s(414, '数学', 'Mathematics', '#1890ff'),
  s(441, '英语', 'English', '#722ed1'),
  s(416, '思想政治', 'Ideology and Politics', '#fa541c'),
  s(417, '物理', 'Physics', '#2f54eb'),
  s(418, '化学', 'Chemistry', '#13c2c2'),
  s(419, '生物学', 'Biology', '#52c41a'),
  s(420, '历史', 'History', '#d4380d'),
  s(421, '地理', 'Geography', '#08979c'),
  s(426, '音乐', 'Music', '#eb2f96'),
  s(427, '美术', 'Fine Arts', '#faad14'),
  s(428, '体育与健康', 'Physical Education', '#389e0d'),
  s(429, '信息技术', 'Information Technology', '#1d39c4'),
  s(430, '通用技术', 'General Technology', '#597ef7'),
  { value: 999, label: '其他', labelEn: 'Other', color: '#8c8c8c', stage: 9 },
]);

/** Subjects of one stage, in table order. */
export function subjectsOfStage(stage: number | string): readonly SubjectEntry[] {
  return Subjects.entries.filter((entry) => entry.stage === Number(stage));
}

/** Colour for a subject code; unknown subjects (new ones from the server) get neutral grey, not an error. */
export function subjectColor(code: number | string | null | undefined): string {
  return Subjects.find(code)?.color ?? DEFAULT_SUBJECT_COLOR;
}

export const DEFAULT_SUBJECT_COLOR = '#8c8c8c';

/** Id of the "more subjects" entry in tool and subject category lists (spec §9). */
export const MORE_SUBJECTS_ID = '9999';
