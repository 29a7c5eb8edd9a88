import type { ActivityScopeLabel, SignUpSummary } from '@dscloud/sdk/activities';
import { Alert, App, Button, Form, Input, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { markServerError } from '../forms/serverFieldError';
import { useT } from '../i18n/useT';
import { LoadFailed } from '../lessons/LoadFailed';
import { useAsync } from '../lessons/useAsync';
import { errorText } from './errorText';
import { useActivitiesApi } from './useActivitiesApi';

/** What the server takes: nothing, a mobile number or a landline with its area code. */
const PHONE = /^(|1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;

interface Values {
  realName: string;
  phone: string;
  stageSubject: string;
}

/** The (stage, subject) pairs of the scope, once each: what a teacher may sign up with. */
export function stageSubjectChoices(scope: readonly ActivityScopeLabel[]): Array<{ value: string; label: string; stage: number; subjectCode: number }> {
  const seen = new Map<string, { value: string; label: string; stage: number; subjectCode: number }>();
  for (const row of scope) {
    const value = `${row.stage}:${row.subjectCode}`;
    if (!seen.has(value)) seen.set(value, { value, label: `${row.stageName} ${row.subjectName}`, stage: row.stage, subjectCode: row.subjectCode });
  }
  return [...seen.values()];
}

/**
 * 报名信息: real name, mobile and school from the account (getUserInfo), stage and subject from the
 * activity's scope (the detail's) (prefilled when the teacher's own are in it). The school cannot be changed here.
 */
export function SignUpForm({ activityId, scope, open, onDone }: { activityId: string; scope: readonly ActivityScopeLabel[]; open: boolean; onDone: (signUp: SignUpSummary) => void }) {
  const t = useT();
  const api = useActivitiesApi();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const loaded = useAsync(() => api.userInfo(activityId), [api, activityId]);
  if (loaded.status === 'failed') return <LoadFailed message={loaded.message} onRetry={loaded.reload} />;
  if (!loaded.data) return <Skeleton active />;
  const info = loaded.data;
  const choices = stageSubjectChoices(scope);
  const own = choices.find((c) => c.stage === info.stage && c.subjectCode === info.subjectCode);
  if (!info.eligible) return <Alert type="warning" showIcon title={t('act.signUp.ineligible')} description={info.reason} />;

  const submit = async (values: Values) => {
    const choice = choices.find((c) => c.value === values.stageSubject);
    if (!choice) return;
    setSaving(true);
    setFailure('');
    try {
      const signUp = await api.signUp({ activityId, realName: values.realName.trim(), phone: values.phone.trim(), stage: choice.stage, subjectCode: choice.subjectCode });
      void message.success(t('act.signUp.done'));
      onDone(signUp);
    } catch (error) {
      const mapped = markServerError(form, error, (field) =>
        field === 'realName' || field === 'phone' ? [field] : field === 'stage' || field === 'subjectCode' ? ['stageSubject'] : null,
      );
      if (!mapped) setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="ds-act-form"
      initialValues={{ realName: info.realName, phone: info.phone, stageSubject: own?.value ?? (choices.length === 1 ? choices[0]!.value : undefined) }}
      onFinish={(values) => void submit(values)}
    >
      {!open ? <Alert type="info" showIcon title={t('act.signUp.closed')} className="ds-act-alert" /> : null}
      <Form.Item name="realName" label={t('act.signUp.realName')} rules={[{ required: true, whitespace: true, message: t('act.signUp.realNameRequired') }]}>
        <Input maxLength={50} autoComplete="name" />
      </Form.Item>
      <Form.Item name="phone" label={t('act.signUp.phone')} rules={[{ pattern: PHONE, message: t('act.signUp.phoneInvalid') }]}>
        <Input maxLength={13} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item label={t('act.signUp.school')} htmlFor="act-school">
        <Input id="act-school" value={[info.districtName, info.schoolName].filter(Boolean).join(' · ')} readOnly aria-readonly />
      </Form.Item>
      <Form.Item name="stageSubject" label={t('act.signUp.stageSubject')} rules={[{ required: true, message: t('act.signUp.stageSubjectRequired') }]}>
        <Select options={choices.map(({ value, label }) => ({ value, label }))} />
      </Form.Item>
      {failure ? <Alert type="error" showIcon title={failure} className="ds-act-alert" /> : null}
      <Button type="primary" htmlType="submit" loading={saving} disabled={!open}>
        {t('act.signUp.submit')}
      </Button>
    </Form>
  );
}
