import { LessonPlayer } from '@dscloud/elements';
import { Drawer } from 'antd';
import type { LessonSummary } from '../../api/lessons';
import { useLocale, useT } from '../../i18n/useT';

/** Plays a lesson's uploaded videos (the portal's <ds-lesson-player>), published or not. */
export function PreviewDrawer({ lesson, onClose }: { lesson: LessonSummary | null; onClose: () => void }) {
  const t = useT();
  const lang = useLocale() === 'en' ? 'en' : 'zh-CN';
  return (
    <Drawer open={lesson !== null} onClose={onClose} size="large" destroyOnHidden title={lesson ? t('mgl.previewTitle', { title: lesson.title }) : ''}>
      {lesson ? <LessonPlayer key={lesson.lessonId} lessonId={lesson.lessonId} lang={lang} /> : null}
    </Drawer>
  );
}
