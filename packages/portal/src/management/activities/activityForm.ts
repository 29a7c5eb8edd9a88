/**
 * The step form's values and their mapping to the API's `ActivityInput` and back. The form speaks the
 * organiser's units (a scope row with several books, windows as ranges, minutes and megabytes); the API
 * speaks flat scope entries, six window times, seconds and bytes. Pure, so it is tested without a DOM.
 */
import {
  DEFAULT_VIDEO_RULES,
  PackageItem,
  PackageItems,
  type ActivityAttachment,
  type ActivityDetail,
  type ActivityInput,
  type ActivityRules,
  type ActivityScopeEntry,
  type AuditLevelCode,
  type PackageItemCode,
  type VideoRuleKey,
  type VideoRules,
} from '@dscloud/sdk/activities';
import type { ReviewRules } from '@dscloud/sdk/review';
import { fromApiWindows, toApiWindows, type WindowsValue } from './activityWindows';
import { reviewRulesFromForm, reviewRulesToForm, type ReviewRulesForm } from './reviewRulesForm';

/** The activity body with its review rules (ActivityInput.reviewRules, docs/activities.md "Works review"). */
export type ActivityInputWithReview = ActivityInput & { reviewRules: ReviewRules };

/** One row of the scope step: a subject of a stage, optionally one edition and some of its books. */
export interface ScopeRow {
  stage?: number;
  subjectCode?: number;
  editionId?: string | null;
  bookIds?: string[];
}

/** One package item of the template step; every item has a row, `enabled` says whether it is asked for. */
export interface TemplateRow {
  item: PackageItemCode;
  enabled: boolean;
  required: boolean;
  fileCategories: number[];
  maxFiles: number;
}

/** The technical rules in the form's units; a null bound is not checked. */
export interface VideoRulesForm {
  checkVideoCodec: boolean;
  checkAudioCodec: boolean;
  minWidth: number | null;
  minHeight: number | null;
  fps: number | null;
  minDurationMinutes: number | null;
  maxDurationMinutes: number | null;
  maxFileSizeMb: number | null;
  bitrateKbps: number | null;
  bitrateTolerancePercent: number;
  minAudioBitrateKbps: number | null;
  warnings: VideoRuleKey[];
}

export interface CoverValue {
  fileId: string | null;
  url: string;
}

export interface ActivityFormValues {
  name: string;
  activitySystem?: number;
  description: string;
  cover: CoverValue;
  attachments: ActivityAttachment[];
  scope: ScopeRow[];
  windows: WindowsValue;
  reviewLevels: AuditLevelCode[];
  packageTemplate: TemplateRow[];
  rules: ActivityRules;
  videoRules: VideoRulesForm;
  reviewRules: ReviewRulesForm;
}

const MB = 1024 * 1024;

/** The file categories an item takes by default (FileCategories: 2 video, 5 text, 6 presentation). */
const DEFAULT_CATEGORIES: Record<PackageItemCode, number[]> = {
  [PackageItem.VIDEO]: [2],
  [PackageItem.DESIGN]: [5],
  [PackageItem.WORKSHEET]: [5],
  [PackageItem.COURSEWARE]: [5, 6],
  [PackageItem.EXERCISE]: [5],
};

/** The 精品课 package: the video and the lesson design required, the rest welcome. */
export function defaultTemplate(): TemplateRow[] {
  return PackageItems.entries.map(({ value: item }) => {
    return {
      item,
      enabled: true,
      required: item === PackageItem.VIDEO || item === PackageItem.DESIGN,
      fileCategories: [...DEFAULT_CATEGORIES[item]],
      maxFiles: item === PackageItem.VIDEO || item === PackageItem.DESIGN || item === PackageItem.WORKSHEET ? 1 : 3,
    };
  });
}

export function videoRulesToForm(rules: VideoRules): VideoRulesForm {
  return {
    checkVideoCodec: rules.videoCodec !== null,
    checkAudioCodec: rules.audioCodec !== null,
    minWidth: rules.minWidth,
    minHeight: rules.minHeight,
    fps: rules.fps,
    minDurationMinutes: rules.minDurationSeconds === null ? null : rules.minDurationSeconds / 60,
    maxDurationMinutes: rules.maxDurationSeconds === null ? null : rules.maxDurationSeconds / 60,
    maxFileSizeMb: rules.maxFileSize === null ? null : rules.maxFileSize / MB,
    bitrateKbps: rules.bitrateKbps,
    bitrateTolerancePercent: rules.bitrateTolerancePercent,
    minAudioBitrateKbps: rules.minAudioBitrateKbps,
    warnings: [...rules.warnings],
  };
}

const orNull = (n: number | null | undefined) => (n === null || n === undefined ? null : n);

export function videoRulesFromForm(form: VideoRulesForm): VideoRules {
  const scaled = (n: number | null | undefined, factor: number) => (n === null || n === undefined ? null : Math.round(n * factor));
  return {
    videoCodec: form.checkVideoCodec ? 'h264' : null,
    audioCodec: form.checkAudioCodec ? 'aac' : null,
    minWidth: orNull(form.minWidth),
    minHeight: orNull(form.minHeight),
    fps: orNull(form.fps),
    minDurationSeconds: scaled(form.minDurationMinutes, 60),
    maxDurationSeconds: scaled(form.maxDurationMinutes, 60),
    maxFileSize: scaled(form.maxFileSizeMb, MB),
    bitrateKbps: orNull(form.bitrateKbps),
    bitrateTolerancePercent: form.bitrateTolerancePercent ?? DEFAULT_VIDEO_RULES.bitrateTolerancePercent,
    minAudioBitrateKbps: orNull(form.minAudioBitrateKbps),
    warnings: [...(form.warnings ?? [])],
  };
}

/** A new activity: the organiser's review levels, the default package, one node per teacher, two teachers per node, warnings block. */
export function emptyActivityValues(levels: readonly AuditLevelCode[]): ActivityFormValues {
  return {
    name: '',
    activitySystem: undefined,
    description: '',
    cover: { fileId: null, url: '' },
    attachments: [],
    scope: [{ bookIds: [] }],
    windows: { signUp: undefined, upload: undefined, audit: undefined },
    reviewLevels: [...levels],
    packageTemplate: defaultTemplate(),
    rules: { nodesPerTeacher: 1, teachersPerNode: 2, allowFormatWarnings: false },
    videoRules: videoRulesToForm(DEFAULT_VIDEO_RULES),
    reviewRules: reviewRulesToForm(null),
  };
}

/** The scope rows as API entries: one per chosen book, or one for the whole subject (or edition). */
export function toScopeEntries(rows: readonly ScopeRow[]): ActivityScopeEntry[] {
  return scopeEntriesWithRows(rows).map(({ entry }) => entry);
}

/** The entries with the form row each came from, so a server error on `scope[i]` finds its row. */
export function scopeEntriesWithRows(rows: readonly ScopeRow[]): Array<{ entry: ActivityScopeEntry; row: number }> {
  const out: Array<{ entry: ActivityScopeEntry; row: number }> = [];
  const seen = new Set<string>();
  rows.forEach((r, row) => {
    if (r.stage === undefined || r.subjectCode === undefined) return;
    const editionId = r.editionId ?? null;
    const books = editionId !== null && r.bookIds?.length ? r.bookIds : [null];
    for (const bookId of books) {
      const key = `${r.stage}|${r.subjectCode}|${editionId}|${bookId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ entry: { stage: r.stage, subjectCode: r.subjectCode, editionId, bookId }, row });
    }
  });
  return out;
}

/** API entries back into rows: the books of one (stage, subject, edition) share a row, in first-seen order. */
export function fromScopeEntries(entries: readonly ActivityScopeEntry[]): ScopeRow[] {
  const rows = new Map<string, ScopeRow>();
  for (const e of entries) {
    const key = `${e.stage}|${e.subjectCode}|${e.editionId ?? ''}`;
    let row = rows.get(key);
    if (!row) {
      row = { stage: e.stage, subjectCode: e.subjectCode, editionId: e.editionId, bookIds: [] };
      rows.set(key, row);
    }
    if (e.bookId !== null && !row.bookIds!.includes(e.bookId)) row.bookIds!.push(e.bookId);
  }
  return [...rows.values()];
}

/** The template rows the API stores: the enabled items, each as the form set it. */
export function toPackageTemplate(rows: readonly TemplateRow[]) {
  return rows
    .filter((row) => row.enabled)
    .map(({ item, required, fileCategories, maxFiles }) => ({ item, required, fileCategories: [...fileCategories], maxFiles }));
}

/** Every item gets a row; an item the activity does not ask for is shown switched off with defaults. */
export function fromPackageTemplate(template: ActivityDetail['packageTemplate']): TemplateRow[] {
  return defaultTemplate().map((row) => {
    const stored = template.find((t) => t.item === row.item);
    return stored ? { ...stored, fileCategories: [...stored.fileCategories], enabled: true } : { ...row, enabled: false, required: false };
  });
}

/** The body of `save` (no id) or `edit` (with the id and the version read). */
export function toActivityInput(values: ActivityFormValues, saved?: { activityId: string; version: number }): ActivityInputWithReview {
  const input: ActivityInputWithReview = {
    name: values.name.trim(),
    description: values.description ?? '',
    coverUrl: values.cover.fileId ? '' : values.cover.url,
    coverFileId: values.cover.fileId,
    activitySystem: values.activitySystem ?? 0,
    scope: toScopeEntries(values.scope ?? []),
    ...toApiWindows(values.windows),
    reviewLevels: [...values.reviewLevels].sort((a, b) => a - b),
    packageTemplate: toPackageTemplate(values.packageTemplate),
    rules: { ...values.rules },
    videoRules: videoRulesFromForm(values.videoRules),
    reviewRules: reviewRulesFromForm(values.reviewRules ?? reviewRulesToForm(null), values.reviewLevels),
    attachments: values.attachments.map((a) => ({ ...a })),
  };
  return saved ? { ...input, activityId: saved.activityId, version: saved.version } : input;
}

/** A stored activity as the form shows it. */
export function fromActivityDetail(detail: ActivityDetail): ActivityFormValues {
  const scope = fromScopeEntries(detail.scope);
  return {
    name: detail.name,
    activitySystem: detail.activitySystem || undefined,
    description: detail.description,
    cover: { fileId: detail.coverFileId, url: detail.coverUrl },
    attachments: detail.attachments.map((a) => ({ ...a })),
    scope: scope.length ? scope : [{ bookIds: [] }],
    windows: fromApiWindows(detail),
    reviewLevels: [...detail.reviewLevels],
    packageTemplate: fromPackageTemplate(detail.packageTemplate),
    rules: { ...detail.rules },
    videoRules: videoRulesToForm(detail.videoRules),
    reviewRules: reviewRulesToForm((detail as ActivityDetail & { reviewRules?: Partial<ReviewRules> }).reviewRules),
  };
}

/** What publishing needs beyond the windows' order (the server asks the same; shown in the summary). */
export type PublishGap = 'name' | 'activitySystem' | 'scope' | 'windows' | 'reviewLevels' | 'video';

export function publishGaps(values: ActivityFormValues, windowsComplete: boolean): PublishGap[] {
  const gaps: PublishGap[] = [];
  if (!values.name.trim()) gaps.push('name');
  if (!values.activitySystem) gaps.push('activitySystem');
  if (toScopeEntries(values.scope ?? []).length === 0) gaps.push('scope');
  if (!windowsComplete) gaps.push('windows');
  if (values.reviewLevels.length === 0) gaps.push('reviewLevels');
  if (!values.packageTemplate.some((row) => row.item === PackageItem.VIDEO && row.enabled && row.required)) gaps.push('video');
  return gaps;
}
