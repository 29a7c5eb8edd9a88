/**
 * The words of every screen (all but the shell's, `messages.ts`), fetched as one lazy part with the
 * first screen that needs them (`catalogue.ts`); the home screen needs only the learning words.
 */
import { learnEn, learnZh } from './learnMessages';
import { teachEn, teachZh } from './teachMessages';
import { toolEn, toolZh } from './toolMessages';
import { kitEn, kitZh } from './kitMessages';
import { mgmtLessonEn, mgmtLessonZh } from './mgmtLessonMessages';
import { settingsEn, settingsZh } from './settingsMessages';
import { auditEn, auditZh } from './auditMessages';
import { carouselEn, carouselZh } from './carouselMessages';
import { topicsEn, topicsZh } from './topicsMessages';
import { teaIntroEn, teaIntroZh } from './teaIntroMessages';
import { activityManageEn, activityManageZh } from './activityManageMessages';
import { activityEn, activityZh } from './activityMessages';
import { richTextEn, richTextZh } from './richTextMessages';
import { reviewInsightEn, reviewInsightZh } from './reviewInsightMessages';
import { reviewEn, reviewZh } from './reviewMessages';
import { helpEn, helpZh } from './helpMessages';

export const screenZh = {
  ...learnZh,
  ...teachZh,
  ...toolZh,
  ...kitZh,
  ...mgmtLessonZh,
  ...settingsZh,
  ...auditZh,
  ...carouselZh,
  ...topicsZh,
  ...teaIntroZh,
  ...activityManageZh,
  ...activityZh,
  ...richTextZh,
  ...reviewInsightZh,
  ...reviewZh,
  ...helpZh,
};

export type ScreenWordKey = keyof typeof screenZh;

export const screenEn: Record<ScreenWordKey, string> = {
  ...learnEn,
  ...teachEn,
  ...toolEn,
  ...kitEn,
  ...mgmtLessonEn,
  ...settingsEn,
  ...auditEn,
  ...carouselEn,
  ...topicsEn,
  ...teaIntroEn,
  ...activityManageEn,
  ...activityEn,
  ...richTextEn,
  ...reviewInsightEn,
  ...reviewEn,
  ...helpEn,
};
