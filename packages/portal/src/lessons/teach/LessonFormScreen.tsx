import { isDsError } from '@dscloud/sdk/errors';
import { Alert, App, Button, Form, Input, Skeleton } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { useAsync } from '../useAsync';
import { CurriculumFields } from './CurriculumFields';
import { LeaveGuard } from './LeaveGuard';
import { markServerError } from '../../forms/serverFieldError';
import { clearedBelow, EMPTY_FORM, fieldOfPath, fromDetail, toSavePayload, type LessonFormValues } from './lessonForm';
import { RequireTeacher } from './RequireTeacher';
import { useTeachApi } from './useTeachApi';
import { VideoSection } from './VideoSection';
import { TagPicker } from './TagPicker';
import './teach.css';
import { LoadFailed } from '../LoadFailed';

interface FormProps {
  initial: LessonFormValues;
  lessonId?: string;
}

function LessonForm({ initial, lessonId }: FormProps) {
  const t = useT();
  const api = useTeachApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<LessonFormValues>();
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

  const submit = async (values: LessonFormValues) => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = await api.save(toSavePayload(values, lessonId));
      void message.success(t(saved.publishStatus === 1 ? 'teach.savedPublished' : 'teach.saved'));
      void navigate(`/course-detail/${encodeURIComponent(saved.lessonId)}`);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (!markServerError(form, error, fieldOfPath)) setFailure(isDsError(error) ? `${text}（${error.code}）` : text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<LessonFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      scrollToFirstError={{ focus: true }}
      onValuesChange={(changed: Partial<LessonFormValues>) => {
        const cleared = clearedBelow(changed);
        if (Object.keys(cleared).length) form.setFieldsValue(cleared);
      }}
      // The whole store: a video row carries more than its one title input (file, length, kept id).
      onFinish={() => void submit(form.getFieldsValue(true) as LessonFormValues)}
    >
      <LeaveGuard active={uploading} />
      <Alert className="ds-teach-rule" type="info" showIcon title={t('teach.status.pending')} description={t('teach.publishRule')} />
      <section className="ds-panel ds-teach-section" aria-labelledby="teach-basic">
        <h2 id="teach-basic">{t('teach.section.basic')}</h2>
        <Form.Item name="title" label={t('teach.title')} rules={[{ required: true, whitespace: true, message: t('teach.titleRequired') }]}>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item name="description" label={t('teach.description')}>
          <Input.TextArea maxLength={5000} autoSize={{ minRows: 2, maxRows: 8 }} />
        </Form.Item>
        <TagPicker />
      </section>
      <section className="ds-panel ds-teach-section" aria-labelledby="teach-curriculum">
        <h2 id="teach-curriculum">{t('teach.section.curriculum')}</h2>
        <CurriculumFields />
      </section>
      <section className="ds-panel ds-teach-section" aria-labelledby="teach-videos">
        <h2 id="teach-videos">{t('teach.section.videos')}</h2>
        <VideoSection onBusyChange={onBusyChange} />
      </section>
      {failure ? <Alert className="ds-teach-failure" type="error" showIcon title={t('teach.saveFailed')} description={failure} /> : null}
      <div className="ds-teach-actions">
        <Button type="primary" htmlType="submit" loading={saving} disabled={uploading}>
          {uploading ? t('teach.uploading') : t('teach.save')}
        </Button>
        <Button onClick={() => void navigate('/my-lessons')}>{t('teach.cancel')}</Button>
      </div>
    </Form>
  );
}

function EditLesson({ lessonId }: { lessonId: string }) {
  const api = useTeachApi();
  const lesson = useAsync(() => api.byId(lessonId), [api, lessonId]);
  if (lesson.status === 'failed') {
    return (
      <LoadFailed message={lesson.message} onRetry={lesson.reload} />
    );
  }
  if (lesson.status === 'loading' || lesson.data.lessonId !== lessonId) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <LessonForm key={lessonId} initial={fromDetail(lesson.data)} lessonId={lessonId} />;
}

/**
 * `/my-lessons/new` and `/my-lessons/:lessonId/edit`: a teacher files an on-demand lesson under the
 * curriculum and uploads its videos. Saving waits for the uploads; leaving during one asks first.
 * After saving the teacher lands on the lesson, where the video plays.
 */
export default function LessonFormScreen() {
  const t = useT();
  const { lessonId } = useParams();
  const title = t(lessonId ? 'teach.editLesson' : 'teach.newLesson');
  return (
    <div className="ds-teach">
      <h1 className="ds-screen-title">{title}</h1>
      <RequireTeacher title={title}>{lessonId ? <EditLesson lessonId={lessonId} /> : <LessonForm key="new" initial={EMPTY_FORM} />}</RequireTeacher>
    </div>
  );
}
