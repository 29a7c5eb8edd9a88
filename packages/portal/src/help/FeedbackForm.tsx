import { Uploader, type UploadCompleteDetail, type UploadRemovedDetail } from '@dscloud/elements';
import { isDsError } from '@dscloud/sdk/errors';
import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_SCREENSHOTS_MAX, FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES, feedbackContext, redactUrl, type FeedbackContext } from '@dscloud/sdk/help';
import { App, Button, Checkbox, Form, Input, Radio } from 'antd';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { HelpPortalApi } from '../api/help';
import { markServerError } from '../forms/serverFieldError';
import { useLocale, useT } from '../i18n/useT';
import { useUploadBusy } from '../lessons/teach/useUploadBusy';
import { useCurrentUser, useLoggedIn } from '../platform/hooks';
import { counterText, feedbackInputOf, problemOf, roleLabel, type FeedbackValues } from './feedbackForm';

interface Props {
  api: HelpPortalApi;
  /** Asks a visitor to log in (「需要登录后查看，是否登录？」). */
  askLogin: () => void;
  onSent: () => void;
}

/** The context the user sees before agreeing; `from` (a page that linked here) is the page it is about. */
function useContext(): FeedbackContext {
  const locale = useLocale();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const context = feedbackContext(roleLabel(user, locale));
  const from = params.get('from');
  return from && /^https?:\/\//.test(from) ? { ...context, page: redactUrl(from).slice(0, 500) } : context;
}

/**
 * The feedback form of the help centre: type, content with its counter, contact, up to three
 * screenshots uploaded through `<Uploader>`, and the consent to attach the page, role, browser and
 * recent errors, with what would be attached shown beside it. A visitor is asked to log in first.
 */
export function FeedbackForm({ api, askLogin, onSent }: Props) {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useLoggedIn();
  const { message } = App.useApp();
  const [form] = Form.useForm<FeedbackValues & { consent?: boolean }>();
  const content = Form.useWatch('content', form) ?? '';
  const consent = Form.useWatch('consent', form) ?? false;
  const context = useContext();
  const [shots, setShots] = useState<{ uploadId: string; fileId: string }[]>([]);
  const [round, setRound] = useState(0);
  const [sending, setSending] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const uploading = useUploadBusy(host);

  const complete = (detail: UploadCompleteDetail) =>
    setShots((current) => (current.some((s) => s.uploadId === detail.fileId) ? current : [...current, { uploadId: detail.fileId, fileId: String(detail.fileInfoId) }]));
  const removed = (detail: UploadRemovedDetail) => setShots((current) => current.filter((s) => s.uploadId !== detail.fileId));

  const submit = async (values: FeedbackValues & { consent?: boolean }) => {
    if (!loggedIn) return askLogin();
    if (uploading) return void message.warning(t('feedback.uploading'));
    const input = feedbackInputOf(values, shots.map((s) => s.fileId), values.consent ? context : null);
    const problem = problemOf(input);
    if (problem && markServerError(form, Object.assign(new Error(problem.message), { field: problem.field }))) return;
    setSending(true);
    try {
      await api.send(input);
      void message.success(t('feedback.sent'));
      form.resetFields();
      setShots([]);
      setRound((r) => r + 1);
      onSent();
    } catch (error) {
      if (isDsError(error) && error.code >= 4010000 && error.code < 4020000) askLogin();
      else if (!markServerError(form, error)) void message.error(t('feedback.failed', { message: isDsError(error) ? `${error.message}（${error.code}）` : String(error) }));
    } finally {
      setSending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" className="ds-feedback-form" onFinish={(values) => void submit(values)} initialValues={{ type: 'bug', consent: false }} aria-label={t('feedback.title')}>
      <Form.Item name="type" label={t('feedback.type')} rules={[{ required: true }]}>
        <Radio.Group options={FEEDBACK_TYPES.map((type) => ({ value: type, label: FEEDBACK_TYPE_LABELS[type][locale] }))} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('feedback.content')}
        rules={[{ required: true, whitespace: true, message: t('feedback.contentPlaceholder') }]}
        extra={<span aria-live="polite">{counterText(content, FEEDBACK_CONTENT_MAX)}</span>}
      >
        <Input.TextArea rows={5} placeholder={t('feedback.contentPlaceholder')} />
      </Form.Item>
      <Form.Item name="contact" label={t('feedback.contact')}>
        <Input maxLength={FEEDBACK_CONTACT_MAX} placeholder={t('feedback.contactPlaceholder')} autoComplete="tel" />
      </Form.Item>
      {loggedIn ? (
        <div className="ds-feedback-shots" ref={host}>
          <p className="ds-feedback-label">{t('feedback.screenshots', { max: FEEDBACK_SCREENSHOTS_MAX })}</p>
          <Uploader key={round} accept="picture" multiple maxCount={FEEDBACK_SCREENSHOTS_MAX} maxSize="10mb" lang={locale} onComplete={complete} onRemoved={removed} />
        </div>
      ) : null}
      <Form.Item name="consent" valuePropName="checked" className="ds-feedback-consent">
        <Checkbox aria-describedby="feedback-context">{t('feedback.consent')}</Checkbox>
      </Form.Item>
      <div id="feedback-context" className={`ds-feedback-context${consent ? ' is-on' : ''}`}>
        <p>{t('feedback.consentHint')}</p>
        <dl>
          <dt>{t('feedback.ctx.page')}</dt>
          <dd data-context="page">{context.page}</dd>
          <dt>{t('feedback.ctx.role')}</dt>
          <dd data-context="role">{context.role || '—'}</dd>
          <dt>{t('feedback.ctx.browser')}</dt>
          <dd data-context="browser">{context.browser}</dd>
          <dt>{t('feedback.ctx.errors')}</dt>
          <dd data-context="errors">
            {context.errors.length ? (
              <ul>
                {context.errors.map((e) => (
                  <li key={`${e.at}-${String(e.code)}`}>{`${e.at.slice(11, 19)} ${String(e.code)} ${e.message}${e.url ? ` ${e.url}` : ''}`}</li>
                ))}
              </ul>
            ) : (
              t('feedback.ctx.noErrors')
            )}
          </dd>
        </dl>
      </div>
      <Button type="primary" htmlType="submit" loading={sending}>
        {t('feedback.submit')}
      </Button>
    </Form>
  );
}
