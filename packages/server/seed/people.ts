/** The demo bureau's schools and teachers that seeded lessons are credited to. */

export const SEED_BUREAU = { bureauId: 'bu-220100', bureauName: '东山市教育局', areaCode: 'dsideal' } as const;

export interface SeedSchool {
  schoolId: string;
  schoolName: string;
  /** Stage codes the school teaches. */
  stages: readonly number[];
  districtName: string;
}

export const SEED_SCHOOLS: readonly SeedSchool[] = [
  { schoolId: 'sc-01', schoolName: '东山市实验小学', stages: [2], districtName: '南湖区' },
  { schoolId: 'sc-02', schoolName: '东山市第一实验小学', stages: [2], districtName: '朝阳区' },
  { schoolId: 'sc-03', schoolName: '东山市朝阳路小学', stages: [2], districtName: '朝阳区' },
  { schoolId: 'sc-04', schoolName: '东山市东湖小学', stages: [2], districtName: '东湖区' },
  { schoolId: 'sc-05', schoolName: '东山师范大学附属小学', stages: [2], districtName: '南湖区' },
  { schoolId: 'sc-06', schoolName: '东山市第二中学', stages: [3, 4], districtName: '南湖区' },
  { schoolId: 'sc-07', schoolName: '东山市第八中学', stages: [3], districtName: '东湖区' },
  { schoolId: 'sc-08', schoolName: '东山外国语学校', stages: [3], districtName: '高新区' },
];

export interface SeedTeacher {
  teacherId: string;
  name: string;
  /** '1' male, '2' female (the current-user convention: '1' male, anything else female). */
  sex: '1' | '2';
  schoolId: string;
  stage: number;
  subjectCode: number;
  /** 职称 */
  title: string;
}

const t = (n: number, name: string, sex: '1' | '2', schoolId: string, subjectCode: number, title: string): SeedTeacher => ({
  teacherId: `te-${String(n).padStart(2, '0')}`,
  name,
  sex,
  schoolId,
  stage: Math.floor(subjectCode / 100),
  subjectCode,
  title,
});

/** 30 teachers: 9 primary Chinese, 9 primary maths, 3 junior Chinese, 3 maths, 3 English, 3 physics. */
export const SEED_TEACHERS: readonly SeedTeacher[] = [
  t(1, '王雅琴', '2', 'sc-01', 213, '正高级教师'),
  t(2, '李晓梅', '2', 'sc-01', 213, '一级教师'),
  t(3, '张静怡', '2', 'sc-02', 213, '高级教师'),
  t(4, '刘春燕', '2', 'sc-02', 213, '二级教师'),
  t(5, '陈建华', '1', 'sc-03', 213, '高级教师'),
  t(6, '杨丽娟', '2', 'sc-03', 213, '一级教师'),
  t(7, '黄佳怡', '2', 'sc-04', 213, '一级教师'),
  t(8, '周慧敏', '2', 'sc-05', 213, '高级教师'),
  t(9, '吴秀兰', '2', 'sc-05', 213, '一级教师'),
  t(10, '赵文博', '1', 'sc-01', 214, '高级教师'),
  t(11, '孙海峰', '1', 'sc-01', 214, '一级教师'),
  t(12, '胡明远', '1', 'sc-02', 214, '一级教师'),
  t(13, '朱丹', '2', 'sc-02', 214, '二级教师'),
  t(14, '高玉洁', '2', 'sc-03', 214, '高级教师'),
  t(15, '林嘉欣', '2', 'sc-04', 214, '一级教师'),
  t(16, '何立新', '1', 'sc-04', 214, '高级教师'),
  t(17, '郭婷婷', '2', 'sc-05', 214, '一级教师'),
  t(18, '马丽华', '2', 'sc-05', 214, '正高级教师'),
  t(19, '罗晓东', '1', 'sc-06', 313, '高级教师'),
  t(20, '梁思雨', '2', 'sc-07', 313, '一级教师'),
  t(21, '宋春雨', '2', 'sc-08', 313, '一级教师'),
  t(22, '郑凯', '1', 'sc-06', 314, '高级教师'),
  t(23, '谢雨桐', '2', 'sc-07', 314, '二级教师'),
  t(24, '韩冬梅', '2', 'sc-08', 314, '高级教师'),
  t(25, '唐颖', '2', 'sc-08', 341, '高级教师'),
  t(26, '冯晓琳', '2', 'sc-06', 341, '一级教师'),
  t(27, '于洋', '1', 'sc-07', 341, '一级教师'),
  t(28, '董志刚', '1', 'sc-06', 317, '正高级教师'),
  t(29, '曹文静', '2', 'sc-07', 317, '一级教师'),
  t(30, '许国庆', '1', 'sc-08', 317, '高级教师'),
];

