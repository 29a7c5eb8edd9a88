import { App, Drawer, Skeleton } from 'antd';
import { useT } from '../../i18n/useT';
import { LoadFailed } from '../../lessons/LoadFailed';
import { LessonEditor } from '../../lessons/teach/LessonEditor';
import { EMPTY_FORM, fromDetail } from '../../lessons/teach/lessonForm';
import { useTeachApi } from '../../lessons/teach/useTeachApi';
import { useAsync } from '../../lessons/useAsync';
import { TeacherField, teacherFieldOf } from './TeacherField';

/** What the drawer edits: a new live lesson, or a saved lesson by id. */
export type EditTarget = { kind: 'new' } | { kind: 'edit'; lessonId: string; title: string };

function EditExisting({ lessonId, live, onSaved, onCancel }: { lessonId: string; live: boolean; onSaved: () => void; onCancel: () => void }) {
  const api = useTeachApi();
  const lesson = useAsync(() => api.byId(lessonId), [api, lessonId]);
  if (lesson.status === 'failed') return <LoadFailed message={lesson.message} onRetry={lesson.reload} />;
  if (lesson.status === 'loading' || lesson.data.lessonId !== lessonId) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <LessonEditor key={lessonId} initial={fromDetail(lesson.data)} lessonId={lessonId} live={live} extraFields={<TeacherField />} extraFieldOf={teacherFieldOf} onSaved={onSaved} onCancel={onCancel} />;
}

/**
 * The teacher's lesson form in a drawer: a new live lesson (with its time), or a saved lesson of
 * either kind. Saving closes the drawer with 操作成功 and reloads the table.
 */
export function LessonEditDrawer({ target, live, onClose, onSaved }: { target: EditTarget | null; live: boolean; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const saved = () => {
    void message.success(t('kit.success'));
    onSaved();
    onClose();
  };
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={target?.kind === 'edit' ? t('mgl.editTitle', { title: target.title }) : t('mgl.newTitle')}
    >
      {target?.kind === 'edit' ? (
        <EditExisting lessonId={target.lessonId} live={live} onSaved={saved} onCancel={onClose} />
      ) : target ? (
        <LessonEditor initial={EMPTY_FORM} live={live} extraFields={<TeacherField />} extraFieldOf={teacherFieldOf} onSaved={saved} onCancel={onClose} />
      ) : null}
    </Drawer>
  );
}
