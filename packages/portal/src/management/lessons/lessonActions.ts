import type { LessonSummary } from '../../api/lessons';
import type { ManageLessonsApi } from '../../api/manageLessons';
import type { Translate } from '../../i18n/useT';
import type { ActionOptions } from '../kit';

/**
 * The confirmed actions of the lesson tables, one builder per action so the row button and the batch
 * button ask the same question and make the same call.
 */
export function lessonActions(api: ManageLessonsApi, t: Translate, done: () => void) {
  const titleOf = (rows: LessonSummary[]) => rows[0]?.title ?? '';
  return {
    publish: (rows: LessonSummary[]): ActionOptions => ({
      action: () => api.publish(rows.map((r) => r.lessonId)),
      confirm: { content: rows.length === 1 ? t('mgl.confirmPublishOne', { title: titleOf(rows) }) : t('mgl.confirmPublish', { n: rows.length }) },
      done,
    }),
    cancelPublish: (rows: LessonSummary[]): ActionOptions => ({
      action: () => api.cancelPublish(rows.map((r) => r.lessonId)),
      confirm: { content: rows.length === 1 ? t('mgl.confirmCancelOne', { title: titleOf(rows) }) : t('mgl.confirmCancel', { n: rows.length }), danger: true },
      done,
    }),
    excellent: (rows: LessonSummary[], flag: 0 | 1): ActionOptions => ({
      action: () => api.setExcellent(rows.map((r) => r.lessonId), flag),
      done,
    }),
    remove: (row: LessonSummary): ActionOptions => ({ action: () => api.remove(row.lessonId), confirm: 'delete', done }),
  };
}
