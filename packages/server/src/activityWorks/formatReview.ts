/**
 * The automatic format review (形式审查) of a work package: each required item present, no item over
 * its file count, and every video checked by the SDK's `checkVideo` against the activity's rules (the
 * same check the portal shows). The review passes when nothing failed, or when only warnings failed and
 * the activity allows submitting with warnings.
 */
import { checkVideo, PackageItem, PackageItems, type FormatFailure, type FormatReview, type PackageTemplateItem, type VideoProbe, type VideoRules } from '@dscloud/sdk/activities';

export interface ReviewedFile {
  item: number;
  fileName: string;
  probe: VideoProbe | null;
}

export const itemLabel = (item: number): string => PackageItems.find(item)?.label ?? `材料 ${item}`;

export function reviewPackage(
  template: readonly PackageTemplateItem[],
  files: readonly ReviewedFile[],
  videoRules: VideoRules,
  allowWarnings: boolean,
  now: number,
): FormatReview {
  const failures: FormatFailure[] = [];
  for (const t of template) {
    const count = files.filter((f) => f.item === t.item).length;
    if (t.required && count === 0) {
      failures.push({ rule: `required:${t.item}`, item: t.item, message: `缺少必需的材料：${itemLabel(t.item)}`, severity: 'error' });
    }
    if (t.maxFiles > 0 && count > t.maxFiles) {
      failures.push({ rule: `maxFiles:${t.item}`, item: t.item, message: `${itemLabel(t.item)}最多 ${t.maxFiles} 个文件，当前 ${count} 个`, severity: 'error' });
    }
  }
  for (const f of files) {
    if (f.item !== PackageItem.VIDEO) continue;
    const probe = f.probe ?? null;
    const found = probe ? checkVideo(probe, videoRules, PackageItem.VIDEO) : [{ rule: 'container', item: PackageItem.VIDEO, message: '无法读取该视频文件', severity: 'error' as const }];
    for (const failure of found) failures.push({ ...failure, message: `「${f.fileName}」${failure.message}` });
  }
  const errors = failures.filter((f) => f.severity === 'error').length;
  const warnings = failures.length - errors;
  return { passed: errors === 0 && (warnings === 0 || allowWarnings), failures, checkedAt: now };
}

/** The refusal of a submit: every failed rule, in Chinese. */
export function reviewRefusal(review: FormatReview, allowWarnings: boolean): string {
  const blocking = review.failures.filter((f) => f.severity === 'error' || !allowWarnings);
  return `作品未通过形式审查，不能提交：${blocking.map((f) => f.message).join('；')}`;
}
