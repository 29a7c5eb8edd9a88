import { Uploader, type UploadCompleteDetail } from '@dscloud/elements';
import { Stages, subjectsOfStage } from '@dscloud/sdk/codes';
import { App, Button, Drawer, Form, Input, Radio, Select, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { OrgNode, TeacherInfo, TeacherInput, TeachersApi } from '../../api/teachers';
import { useLocale, useT } from '../../i18n/useT';
import { TeacherAvatar } from '../../teachers/TeacherAvatar';
import { markServerError } from '../kit';
import { orgTreeData } from './orgTree';

interface Values {
  name: string;
  sex: string;
  title?: string;
  schoolId?: string;
  stage?: number | null;
  subjectCodes?: number[];
  honours?: string;
  intro?: string;
  userId?: string;
  avatarFileId?: string | null;
}

const STAGES = Stages.entries.filter((stage) => subjectsOfStage(stage.value).length > 0);

/** Add or edit one teacher introduction in a drawer; the server's refusals show under their field. */
export function TeacherForm({ api, orgs, editing, open, onClose, onSaved }: {
  api: TeachersApi;
  orgs: OrgNode[];
  /** The teacher being edited, or null to add one. */
  editing: TeacherInfo | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const lang = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [avatar, setAvatar] = useState('');
  const stage = Form.useWatch('stage', form);
  const tree = useMemo(() => orgTreeData(orgs, { schoolsOnly: true }), [orgs]);
  const label = (entry: { label: string; labelEn: string }) => (lang === 'en' ? entry.labelEn : entry.label);

  // Each opening shows the portrait of the teacher it opens on (reset while rendering).
  const [openedOn, setOpenedOn] = useState<{ open: boolean; editing: typeof editing }>({ open, editing });
  if (openedOn.open !== open || openedOn.editing !== editing) {
    setOpenedOn({ open, editing });
    if (open) setAvatar(editing?.avatarUrl ?? '');
  }
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        name: editing.name,
        sex: editing.sex,
        title: editing.title,
        schoolId: editing.schoolId || undefined,
        stage: editing.stage,
        subjectCodes: editing.subjectCodes,
        honours: editing.honours,
        intro: editing.intro,
        userId: editing.userId ?? '',
        avatarFileId: editing.avatarFileId,
      });
    } else {
      form.setFieldsValue({ sex: '1' });
    }
  }, [open, editing, form]);

  const uploaded = (detail: UploadCompleteDetail) => {
    form.setFieldValue('avatarFileId', String(detail.fileInfoId));
    const url = (detail.fileInfo as { url?: string } | undefined)?.url;
    if (url?.startsWith('/')) setAvatar(url);
  };

  const save = async (values: Values) => {
    const input: TeacherInput = {
      name: values.name,
      sex: values.sex,
      title: values.title ?? '',
      honours: values.honours ?? '',
      intro: values.intro ?? '',
      schoolId: values.schoolId,
      stage: values.stage ?? null,
      subjectCodes: values.subjectCodes ?? [],
      userId: values.userId?.trim() ? values.userId.trim() : null,
      ...(values.avatarFileId ? { avatarFileId: values.avatarFileId } : {}),
    };
    setSaving(true);
    try {
      if (editing) await api.update(editing.teacherInfoId, input);
      else await api.add(input);
      void message.success(t('kit.success'));
      onSaved();
    } catch (error) {
      if (!markServerError(form, error)) void message.error(`${t('kit.failure')}：${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setSaving(false);
    }
  };

  const required = (field: Parameters<typeof t>[0]) => [{ required: true, whitespace: true, message: t('tea.form.required', { field: t(field) }) }];

  return (
    <Drawer
      title={t(editing ? 'tea.form.edit' : 'tea.form.add')}
      open={open}
      onClose={onClose}
      size={560}
      rootClassName="ds-tea-form"
      destroyOnHidden
      extra={
        <Button type="primary" loading={saving} onClick={() => form.submit()}>
          {t('tea.form.save')}
        </Button>
      }
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item label={t('tea.form.avatar')} extra={t('tea.form.avatarHint')}>
          <div className="ds-tea-avatar-field">
            <TeacherAvatar name={editing?.name ?? ''} url={avatar} size={64} />
            <Uploader accept=".jpg,.jpeg,.png" maxCount={1} maxSize="2mb" lang={lang} onComplete={uploaded} />
          </div>
        </Form.Item>
        <Form.Item name="avatarFileId" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="name" label={t('tea.form.name')} rules={[...required('tea.form.name'), { max: 32 }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="sex" label={t('tea.form.sex')}>
          <Radio.Group options={[{ value: '1', label: t('tea.sex.1') }, { value: '2', label: t('tea.sex.2') }]} />
        </Form.Item>
        <Form.Item name="title" label={t('tea.form.title')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="schoolId" label={t('tea.form.school')} rules={required('tea.form.school')}>
          <TreeSelect treeData={tree} treeDefaultExpandAll showSearch treeNodeFilterProp="title" aria-label={t('tea.form.school')} />
        </Form.Item>
        <Form.Item name="stage" label={t('tea.form.stage')}>
          <Select
            allowClear
            aria-label={t('tea.form.stage')}
            options={STAGES.map((s) => ({ value: s.value, label: label(s) }))}
            onChange={() => form.setFieldValue('subjectCodes', [])}
          />
        </Form.Item>
        <Form.Item name="subjectCodes" label={t('tea.form.subjects')}>
          <Select mode="multiple" aria-label={t('tea.form.subjects')} options={stage ? subjectsOfStage(stage).map((s) => ({ value: s.value, label: label(s) })) : []} />
        </Form.Item>
        <Form.Item name="honours" label={t('tea.form.honours')} extra={t('tea.form.honoursHint')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="intro" label={t('tea.form.intro')}>
          <Input.TextArea rows={5} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="userId" label={t('tea.form.userId')} extra={t('tea.form.userIdHint')}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
