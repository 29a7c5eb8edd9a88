import { ActivityStatus, DEFAULT_VIDEO_RULES, PackageItem, type ActivityDetail } from '@dscloud/sdk/activities';
import { describe, expect, it } from 'vitest';
import {
  emptyActivityValues,
  fromActivityDetail,
  fromScopeEntries,
  publishGaps,
  toActivityInput,
  toScopeEntries,
  videoRulesFromForm,
  videoRulesToForm,
  type ActivityFormValues,
} from './activityForm';

const T = Date.UTC(2026, 11, 1);
const H = 3600_000;

const REVIEW_RULES = {
  blind: true,
  reviewersPerWork: 2 as const,
  combine: 'final' as const,
  passScore: 75,
  quotas: { 1: 3, 2: 2 },
  rubric: [{ key: 'design', name: '教学设计', max: 50 }],
  opinionTemplates: ['教学目标明确'],
};

const detail: ActivityDetail & { reviewRules: typeof REVIEW_RULES } = {
  activityId: 'act-1',
  name: '2026 年东山市精品课征集',
  coverUrl: '/files/cover.jpg',
  orgId: '330100000000',
  orgName: '东山市教育局',
  activitySystem: 1,
  activitySystemName: '精品课',
  status: ActivityStatus.PUBLISHED,
  phase: 'signUp',
  phaseEndTime: T + 48 * H,
  stages: [{ stage: 3, stageName: '初中' }],
  subjects: [{ subjectCode: 2, subjectName: '数学' }],
  signUpCount: 3,
  workCount: 0,
  publishTime: T,
  version: 4,
  signUpStartTime: T,
  signUpEndTime: T + 48 * H,
  uploadStartTime: T + 24 * H,
  uploadEndTime: T + 96 * H,
  auditStartTime: T + 96 * H,
  auditEndTime: T + 200 * H,
  description: '<p>面向全市初中数学教师</p>',
  coverFileId: 'f-cover',
  scope: [
    { stage: 3, subjectCode: 2, editionId: 'ed-rj', bookId: 'b-7a', stageName: '初中', subjectName: '数学', editionName: '人教版', bookName: '七年级上册' },
    { stage: 3, subjectCode: 2, editionId: 'ed-rj', bookId: 'b-7b', stageName: '初中', subjectName: '数学', editionName: '人教版', bookName: '七年级下册' },
    { stage: 3, subjectCode: 1, editionId: null, bookId: null, stageName: '初中', subjectName: '语文', editionName: '', bookName: '' },
  ],
  reviewLevels: [1, 2, 3],
  packageTemplate: [
    { item: PackageItem.VIDEO, required: true, fileCategories: [2], maxFiles: 1 },
    { item: PackageItem.COURSEWARE, required: false, fileCategories: [6, 5], maxFiles: 2 },
  ],
  rules: { nodesPerTeacher: 2, teachersPerNode: 3, allowFormatWarnings: false },
  videoRules: DEFAULT_VIDEO_RULES,
  attachments: [{ fileId: 'f-pdf', name: '征集通知.pdf', url: '/files/notice.pdf' }],
  reviewRules: REVIEW_RULES,
  createTime: T - 10 * H,
  updateTime: T,
};

describe('the activity form and ActivityInput', () => {
  it('groups the books of one edition into one scope row and flattens them back', () => {
    const rows = fromScopeEntries(detail.scope);
    expect(rows).toEqual([
      { stage: 3, subjectCode: 2, editionId: 'ed-rj', bookIds: ['b-7a', 'b-7b'] },
      { stage: 3, subjectCode: 1, editionId: null, bookIds: [] },
    ]);
    expect(toScopeEntries(rows)).toEqual(detail.scope.map(({ stage, subjectCode, editionId, bookId }) => ({ stage, subjectCode, editionId, bookId })));
  });

  it('drops unfinished scope rows, duplicates and books chosen without an edition', () => {
    expect(
      toScopeEntries([
        { stage: 2 },
        { stage: 2, subjectCode: 2, editionId: null, bookIds: ['stale'] },
        { stage: 2, subjectCode: 2, editionId: null, bookIds: [] },
      ]),
    ).toEqual([{ stage: 2, subjectCode: 2, editionId: null, bookId: null }]);
  });

  it('round-trips a stored activity through the form unchanged', () => {
    const values = fromActivityDetail(detail);
    const input = toActivityInput(values, { activityId: detail.activityId, version: detail.version });
    expect(input).toEqual({
      activityId: 'act-1',
      version: 4,
      name: detail.name,
      description: detail.description,
      coverUrl: '',
      coverFileId: 'f-cover',
      activitySystem: 1,
      scope: detail.scope.map(({ stage, subjectCode, editionId, bookId }) => ({ stage, subjectCode, editionId, bookId })),
      signUpStartTime: T,
      signUpEndTime: T + 48 * H,
      uploadStartTime: T + 24 * H,
      uploadEndTime: T + 96 * H,
      auditStartTime: T + 96 * H,
      auditEndTime: T + 200 * H,
      reviewLevels: [1, 2, 3],
      packageTemplate: detail.packageTemplate,
      rules: detail.rules,
      videoRules: DEFAULT_VIDEO_RULES,
      reviewRules: REVIEW_RULES,
      attachments: detail.attachments,
    });
  });

  it('shows every package item, the ones the activity does not ask for switched off', () => {
    const rows = fromActivityDetail(detail).packageTemplate;
    expect(rows.map((r) => [r.item, r.enabled, r.required])).toEqual([
      [1, true, true],
      [2, false, false],
      [3, false, false],
      [4, true, false],
      [5, false, false],
    ]);
    expect(rows[3]!.fileCategories).toEqual([6, 5]);
  });

  it('shows the video rules in minutes and megabytes and sends seconds and bytes', () => {
    const form = videoRulesToForm(DEFAULT_VIDEO_RULES);
    expect(form).toMatchObject({ checkVideoCodec: true, checkAudioCodec: true, minDurationMinutes: 10, maxDurationMinutes: 20, maxFileSizeMb: 1024 });
    expect(videoRulesFromForm(form)).toEqual(DEFAULT_VIDEO_RULES);
    expect(videoRulesFromForm({ ...form, checkAudioCodec: false, minDurationMinutes: 7.5, maxFileSizeMb: null })).toMatchObject({
      audioCodec: null,
      minDurationSeconds: 450,
      maxFileSize: null,
    });
  });

  it('starts a new activity as a draft body without id, with the organiser’s levels and the default rules', () => {
    const values: ActivityFormValues = { ...emptyActivityValues([1, 2]), name: '  优课征集 ', activitySystem: 2 };
    const input = toActivityInput(values);
    expect(input.activityId).toBeUndefined();
    expect(input).toMatchObject({ name: '优课征集', activitySystem: 2, scope: [], reviewLevels: [1, 2], signUpStartTime: null, auditEndTime: null });
    expect(input.videoRules).toEqual(DEFAULT_VIDEO_RULES);
    expect(input.packageTemplate.map((p) => [p.item, p.required])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, false],
      [5, false],
    ]);
  });

  it('lists what publishing still needs', () => {
    expect(publishGaps(emptyActivityValues([]), false)).toEqual(['name', 'activitySystem', 'scope', 'windows', 'reviewLevels']);
    const values = fromActivityDetail(detail);
    expect(publishGaps(values, true)).toEqual([]);
    const noVideo = { ...values, packageTemplate: values.packageTemplate.map((r) => (r.item === PackageItem.VIDEO ? { ...r, required: false } : r)) };
    expect(publishGaps(noVideo, true)).toEqual(['video']);
  });
});
