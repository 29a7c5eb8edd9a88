/** What the feedback form sends, from what the user typed and agreed to attach (pure, unit-tested). */
import { Identities, Roles } from '@dscloud/sdk/codes';
import { charCount, feedbackProblem, type FeedbackContext, type FeedbackInput, type FeedbackProblem, type FeedbackType } from '@dscloud/sdk/help';
import type { CurrentUser } from '@dscloud/sdk/user';

export interface FeedbackValues {
  type: FeedbackType;
  content: string;
  contact?: string;
}

/** The body of `feedback/save`: trimmed, an empty contact left out, the context only with consent. */
export function feedbackInputOf(values: FeedbackValues, screenshotFileIds: readonly string[], context: FeedbackContext | null): FeedbackInput {
  const contact = values.contact?.trim() ?? '';
  return {
    type: values.type,
    content: values.content.trim(),
    ...(contact ? { contact } : {}),
    ...(screenshotFileIds.length ? { screenshotFileIds: [...screenshotFileIds] } : {}),
    ...(context ? { context } : {}),
  };
}

/** The problem the server would answer for this input, checked before sending (same rule). */
export function problemOf(input: FeedbackInput): FeedbackProblem | undefined {
  return feedbackProblem(input);
}

/** How the feedback names the signed-in user's role: their first known role, else their identity. */
export function roleLabel(user: Readonly<CurrentUser> | null, locale: 'zh-CN' | 'en'): string {
  if (!user) return '';
  const role = (user.roleVOList ?? []).map((r) => Roles.find(r.roleCode)).find((entry) => entry !== undefined);
  const entry = role ?? Identities.find(user.identityCode);
  return entry ? (locale === 'en' ? entry.labelEn : entry.label) : '';
}

/** The counter under the content box: characters as the server counts them. */
export function counterText(content: string, max: number): string {
  return `${charCount(content)} / ${max}`;
}
