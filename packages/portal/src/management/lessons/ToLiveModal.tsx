import { Alert, Form, Input, Modal } from 'antd';
import type { LessonSummary } from '../../api/lessons';
import { useT } from '../../i18n/useT';
import { LiveTimeField } from '../../lessons/teach/LiveTimeField';
import { markServerError, useActions } from '../kit';
import { useManageLessonsApi } from './useManageLessonsApi';

interface Values {
  title?: string;
  liveTime?: readonly [number, number];
}

const toPath = (field: string) => (field === 'liveStartTime' || field === 'liveEndTime' ? ['liveTime'] : field === 'title' ? ['title'] : null);

/** 转为直播课: a new, unpublished live lesson from an on-demand one (updateToLiveLesson). */
export function ToLiveModal({ lesson, onClose, onDone }: { lesson: LessonSummary | null; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const api = useManageLessonsApi();
  const [form] = Form.useForm<Values>();
  const { run, holder } = useActions();

  const submit = async (values: Values) => {
    if (!lesson || !values.liveTime) return;
    let failure: unknown = null;
    const ok = await run({
      action: () =>
        api
          .toLive({ lessonId: lesson.lessonId, liveStartTime: values.liveTime![0], liveEndTime: values.liveTime![1], ...(values.title?.trim() ? { title: values.title.trim() } : {}) })
          .catch((error: unknown) => {
            failure = error;
            throw error;
          }),
    });
    if (ok) {
      onDone();
      onClose();
    } else if (failure) {
      markServerError(form, failure, toPath);
    }
  };

  return (
    <>
      {holder}
      <Modal
        open={lesson !== null}
        title={lesson ? t('mgl.toLiveTitle', { title: lesson.title }) : ''}
        okText={t('kit.ok')}
        cancelText={t('kit.cancel')}
        onOk={() => form.submit()}
        onCancel={onClose}
        destroyOnHidden
      >
        <Alert type="info" showIcon title={t('mgl.toLiveHint')} />
        <Form<Values> form={form} layout="vertical" preserve={false} onFinish={(values) => void submit(values)}>
          <Form.Item name="title" label={t('mgl.toLiveName')}>
            <Input maxLength={100} placeholder={lesson?.title} />
          </Form.Item>
          <Form.Item name="liveTime" label={t('teach.liveTime')} rules={[{ required: true, message: t('teach.liveTimeRequired') }]}>
            <LiveTimeField />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
