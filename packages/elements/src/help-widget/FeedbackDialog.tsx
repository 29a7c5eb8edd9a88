/**
 * The widget's feedback part, loaded when a signed-in user opens 意见反馈: the form, the screenshot
 * uploads (SDK upload engine) and the feedback client. Nothing here may be imported statically.
 */
import { useState } from 'react';
import { Dialog } from '../shared/Dialog.js';
import type { Platform } from '../shared/platformRegistry.js';
import { feedbackMessages } from './feedbackMessages.js';
import { FeedbackForm } from './FeedbackForm.js';
import type { FeedbackSentDetail } from './HelpWidget.js';
import { LoginQuestion } from './LoginQuestion.js';
import { helpWidgetMessages, type Lang } from './messages.js';

export interface FeedbackDialogProps {
  title: string;
  lang: Lang;
  platform: Platform;
  token: string | undefined;
  loginUrl: string | undefined;
  onLogin: ((detail: { returnUrl: string }) => void) | undefined;
  onSent: ((detail: FeedbackSentDetail) => void) | undefined;
  onClose: () => void;
}

export function FeedbackDialog({ title, lang, platform, token, loginUrl, onLogin, onSent, onClose }: FeedbackDialogProps) {
  const f = feedbackMessages(lang);
  const m = helpWidgetMessages(lang);
  const [state, setState] = useState<'form' | 'sent' | 'login'>('form');
  // The server said the login is gone (expired, or logged out in another tab): ask as for a visitor.
  if (state === 'login') return <LoginQuestion messages={m} loginUrl={loginUrl} onLogin={onLogin} onClose={onClose} />;
  return (
    <Dialog open title={title} closeLabel={m.closeDialog} onClose={onClose} part="feedback-dialog">
      {state === 'sent' ? (
        <>
          <p role="status">{f.sent}</p>
          <div className="ds-help__actions">
            <button type="button" className="ds-help__button ds-help__button--primary" onClick={onClose}>
              {f.close}
            </button>
          </div>
        </>
      ) : (
        <FeedbackForm
          lang={lang}
          messages={f}
          platform={platform}
          token={token}
          onSent={(detail) => {
            setState('sent');
            onSent?.(detail);
          }}
          onSignedOut={() => setState('login')}
        />
      )}
    </Dialog>
  );
}
