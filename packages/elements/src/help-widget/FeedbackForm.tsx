import { useId, useRef, useState, type FormEvent } from 'react';
import { isDsError } from '@dscloud/sdk/errors';
import {
  createHelpApi,
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_SCREENSHOTS_MAX,
  FEEDBACK_TYPES,
  feedbackContext,
  feedbackProblem,
  type FeedbackType,
} from '@dscloud/sdk/help';
import type { Platform } from '../shared/platformRegistry.js';
import type { FeedbackMessages } from './feedbackMessages.js';
import { feedbackRole } from './feedbackRole.js';
import type { FeedbackSentDetail } from './HelpWidget.js';
import type { Lang } from './messages.js';
import { ScreenshotList } from './ScreenshotList.js';
import { useScreenshots } from './useScreenshots.js';

export interface FeedbackFormProps {
  lang: Lang;
  messages: FeedbackMessages;
  platform: Platform;
  token: string | undefined;
  onSent: (detail: FeedbackSentDetail) => void;
  onSignedOut: () => void;
}

type Field = 'type' | 'content' | 'contact' | 'screenshotFileIds' | '';

const signedOut = (error: unknown) => isDsError(error) && (error.code === 401 || Math.floor(error.code / 10000) === 401);

/** Type, content, contact, screenshots and the consent to attach the page, role, browser and recent errors. */
export function FeedbackForm({ lang, messages: f, platform, token, onSent, onSignedOut }: FeedbackFormProps) {
  const ids = { type: useId(), content: useId(), contact: useId(), error: useId(), consent: useId() };
  const [type, setType] = useState<FeedbackType>(FEEDBACK_TYPES[0]!);
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const screenshots = useScreenshots(platform, token, lang);
  const fields = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const role = () => feedbackRole(platform.user.getState().user);
  const preview = consent ? feedbackContext(role()) : null;

  const show = (next: { field: string; message: string }) => {
    const field = (['type', 'content', 'contact', 'screenshotFileIds'].find((name) => next.field.startsWith(name)) ?? '') as Field;
    setProblem({ field, message: next.message });
    (fields.current[field] ?? fields.current.content)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (screenshots.busy && screenshots.files.length) return show({ field: 'screenshotFileIds', message: f.waitUploads });
    const input = {
      type,
      content: content.trim(),
      ...(contact.trim() ? { contact: contact.trim() } : {}),
      ...(screenshots.ids().length ? { screenshotFileIds: screenshots.ids() } : {}),
      ...(consent ? { context: feedbackContext(role()) } : {}),
    };
    const local = feedbackProblem(input);
    if (local) return show(local);
    setProblem(null);
    setSending(true);
    try {
      const api = createHelpApi(platform.http);
      const { id } = await api.sendFeedback(input, { silent: true });
      onSent({ id });
    } catch (error) {
      setSending(false);
      if (signedOut(error)) return onSignedOut();
      const field = isDsError(error) ? ((error as { field?: string }).field ?? '') : '';
      show({ field, message: isDsError(error) ? error.localizedMessage(lang) : String(error) });
    }
  };

  const invalid = (field: Field) => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': ids.error } : {});
  return (
    <form className="ds-help__form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="ds-help__types" ref={(el) => void (fields.current.type = el)} tabIndex={-1} {...invalid('type')}>
        <legend>{f.type}</legend>
        {FEEDBACK_TYPES.map((value) => (
          <label key={value} className="ds-help__type">
            <input type="radio" name={ids.type} value={value} checked={type === value} onChange={() => setType(value)} />
            {f.types[value]}
          </label>
        ))}
      </fieldset>
      <label className="ds-help__label" htmlFor={ids.content}>
        {f.content}
      </label>
      <textarea
        id={ids.content}
        ref={(el) => void (fields.current.content = el)}
        className="ds-help__field"
        rows={5}
        required
        maxLength={FEEDBACK_CONTENT_MAX}
        placeholder={f.contentHint}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        {...invalid('content')}
      />
      <p className="ds-help__count" aria-live="polite">
        {f.count(content.length, FEEDBACK_CONTENT_MAX)}
      </p>
      <label className="ds-help__label" htmlFor={ids.contact}>
        {f.contact}
      </label>
      <input
        id={ids.contact}
        ref={(el) => void (fields.current.contact = el)}
        className="ds-help__field"
        maxLength={FEEDBACK_CONTACT_MAX}
        placeholder={f.contactHint}
        autoComplete="tel"
        value={contact}
        onChange={(event) => setContact(event.target.value)}
        {...invalid('contact')}
      />
      <ScreenshotList
        label={f.screenshots(FEEDBACK_SCREENSHOTS_MAX)}
        messages={f}
        screenshots={screenshots}
        max={FEEDBACK_SCREENSHOTS_MAX}
        buttonRef={(el) => void (fields.current.screenshotFileIds = el)}
        onProblem={(message) => (message ? show({ field: 'screenshotFileIds', message }) : setProblem(null))}
      />
      <label className="ds-help__consent">
        <input type="checkbox" id={ids.consent} checked={consent} onChange={(event) => setConsent(event.target.checked)} />
        {f.consent}
      </label>
      {preview ? (
        <dl className="ds-help__context" aria-label={f.consentDetails}>
          <dt>{f.page}</dt>
          <dd>{preview.page}</dd>
          <dt>{f.browser}</dt>
          <dd>{preview.browser}</dd>
          <dt>{f.errors(preview.errors.length)}</dt>
        </dl>
      ) : null}
      {problem ? (
        <p id={ids.error} className="ds-help__problem" role="alert">
          {problem.message}
        </p>
      ) : null}
      <div className="ds-help__actions">
        <button type="submit" className="ds-help__button ds-help__button--primary" disabled={sending}>
          {sending ? f.sending : f.submit}
        </button>
      </div>
    </form>
  );
}
