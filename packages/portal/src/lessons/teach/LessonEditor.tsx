import { TagPicker } from './TagPicker';
import { isDsError } from '@dscloud/sdk/errors';
import { Alert, Button, Form, Input } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import type { OwnLessonDetail } from '../../api/teachLessons';
import { markServerError, type FieldPath } from '../../forms/serverFieldError';
import { useT } from '../../i18n/useT';
import { CurriculumFields } from './CurriculumFields';
import { LeaveGuard } from './LeaveGuard';
import { clearedBelow, fieldOfPath, toSavePayload, type LessonFormValues } from './lessonForm';
import { LiveTimeField } from './LiveTimeField';
import { useTeachApi } from './useTeachApi';
import { VideoSection } from './VideoSection';
import './teach.css';

export interface LessonEditorProps {
  initial: LessonFormValues;
  lessonId?: string;
  /** A live lesson: asks for its start and end; videos (the replay) are optional. */
  live?: boolean;
  /** Shown above the form (the teacher's publishing rule); nothing for administrators. */
  notice?: string;
  /** More fields of the basic section (the administrator's teacher choice)… */
  extraFields?: ReactNode;
  /** …and the server parameters they stand for, so a failed save marks them too. */
  extraFieldOf?: (field: string) => FieldPath | null;
  onSaved: (saved: OwnLessonDetail) => void;
  onCancel: () => void;
}

/**
 * The one lesson form, for the teacher's 上传课程 and the back-office's lesson screens: title and
 * description, the curriculum chain, the videos through the uploader and, for a live lesson, its
 * time. A failed save shows the server's words under the field it names (`data.field`).
 */
export function LessonEditor({ initial, lessonId, live = false, notice, extraFields, extraFieldOf, onSaved, onCancel }: LessonEditorProps) {
  const t = useT();
  const api = useTeachApi();
  const [form] = Form.useForm<LessonFormValues>();
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

  const submit = async (values: LessonFormValues) => {
    setSaving(true);
    setFailure(null);
    try {
      onSaved(await api.save(toSavePayload(values, lessonId, live)));
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (!markServerError(form, error, (field) => fieldOfPath(field) ?? extraFieldOf?.(field) ?? null)) setFailure(isDsError(error) ? `${text}（${error.code}）` : text);
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
      {notice ? <Alert className="ds-teach-rule" type="info" showIcon title={t('teach.status.pending')} description={notice} /> : null}
      <section className="ds-panel ds-teach-section" aria-labelledby="teach-basic">
        <h2 id="teach-basic">{t('teach.section.basic')}</h2>
        <Form.Item name="title" label={t('teach.title')} rules={[{ required: true, whitespace: true, message: t('teach.titleRequired') }]}>
          <Input maxLength={100} showCount />
        </Form.Item>
        {live ? (
          <Form.Item name="liveTime" label={t('teach.liveTime')} rules={[{ required: true, message: t('teach.liveTimeRequired') }]}>
            <LiveTimeField />
          </Form.Item>
        ) : null}
        {extraFields}
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
        <VideoSection onBusyChange={onBusyChange} optional={live} lessonId={lessonId} />
      </section>
      {failure ? <Alert className="ds-teach-failure" type="error" showIcon title={t('teach.saveFailed')} description={failure} /> : null}
      <div className="ds-teach-actions">
        <Button type="primary" htmlType="submit" loading={saving} disabled={uploading}>
          {uploading ? t('teach.uploading') : t('teach.save')}
        </Button>
        <Button onClick={onCancel}>{t('teach.cancel')}</Button>
      </div>
    </Form>
  );
}
