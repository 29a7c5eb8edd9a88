import { Dialog } from '../shared/Dialog.js';
import type { Platform } from '../shared/platformRegistry.js';
import type { HelpContent } from './helpCore.js';
import type { FeedbackSentDetail, HelpLoginDetail } from './HelpWidget.js';
import { lazyPart, usePart } from './lazyPart.js';
import { LoginQuestion } from './LoginQuestion.js';
import type { HelpWidgetMessages, Lang } from './messages.js';

export type OpenDialog = 'wechat' | 'tv' | 'feedback' | 'login';

export interface LazyDialogsProps {
  dialog: OpenDialog;
  lang: Lang;
  messages: HelpWidgetMessages;
  content: HelpContent | null;
  platform: Platform | undefined;
  token: string | undefined;
  loginUrl: string | undefined;
  onLogin: ((detail: HelpLoginDetail) => void) | undefined;
  onFeedbackSent: ((detail: FeedbackSentDetail) => void) | undefined;
  onClose: () => void;
}

// Lazy parts: a QR image or a video is fetched only once its dialog renders, the feedback form only once asked for.
const media = lazyPart(() => import('./MediaDialog.js'));
const feedback = lazyPart(() => import('./FeedbackDialog.js'));

/** The open dialog; a dialog whose part is still on its way shows 正在加载… (or the failure and 重试) in its place. */
export function LazyDialogs(props: LazyDialogsProps) {
  const { dialog, messages: m, onClose } = props;
  const mediaPart = usePart(media, dialog === 'wechat' || dialog === 'tv');
  const feedbackPart = usePart(feedback, dialog === 'feedback');

  if (dialog === 'login') return <LoginQuestion messages={m} loginUrl={props.loginUrl} onLogin={props.onLogin} onClose={onClose} />;
  const title = dialog === 'wechat' ? m.wechat : dialog === 'tv' ? m.tv : m.feedback;
  if (dialog === 'feedback' && feedbackPart.part && props.platform) {
    const { FeedbackDialog } = feedbackPart.part;
    return (
      <FeedbackDialog
        title={title}
        lang={props.lang}
        platform={props.platform}
        token={props.token}
        loginUrl={props.loginUrl}
        onLogin={props.onLogin}
        onSent={props.onFeedbackSent}
        onClose={onClose}
      />
    );
  }
  const item = dialog === 'wechat' ? props.content?.wechat : dialog === 'tv' ? props.content?.tv : undefined;
  if (item && mediaPart.part) {
    const { MediaDialog } = mediaPart.part;
    return <MediaDialog title={title} media={item} messages={m} onClose={onClose} />;
  }
  const failed = dialog === 'feedback' ? feedbackPart : mediaPart;
  return (
    <Dialog open title={title} closeLabel={m.closeDialog} onClose={onClose}>
      {failed.failed ? (
        <p className="ds-help__problem" role="alert">
          {m.partFailed}{' '}
          <button type="button" className="ds-help__button" onClick={failed.retry}>
            {m.retry}
          </button>
        </p>
      ) : (
        <p role="status">{m.loading}</p>
      )}
    </Dialog>
  );
}
