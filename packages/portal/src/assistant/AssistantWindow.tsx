import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { isDsError } from '@dscloud/sdk/errors';
import { AntdScope } from '../app/AntdRoot';
import { useLocale, useT } from '../i18n/useT';
import { usePortal } from '../platform/PortalContext';
import { assistantUrl } from './assistantTicket';
import './assistant.css';

export interface AssistantWindowProps {
  open: boolean;
  onClose: () => void;
  /** Called once the window has closed (focus goes back to the header button). */
  afterClose: () => void;
}

type Frame = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed'; message: string };

/**
 * The AI assistant's window: a modal (Esc closes it, focus stays inside while open and goes back to
 * the button after) with a full-screen toggle, the assistant page in a frame opened with a fresh ticket.
 * The button mounts a new window for each opening (a ticket serves once).
 */
export default function AssistantWindow({ open, onClose, afterClose }: AssistantWindowProps) {
  const t = useT();
  const locale = useLocale();
  const { platform } = usePortal();
  const [full, setFull] = useState(false);
  const [frame, setFrame] = useState<Frame>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    assistantUrl(platform.http).then(
      (url) => live && setFrame({ status: 'ready', url }),
      (error: unknown) => live && setFrame({ status: 'failed', message: isDsError(error) ? error.localizedMessage(locale) : String(error) }),
    );
    return () => void (live = false);
  }, [open, platform, attempt, locale]);

  // The header is outside the screens' antd provider: the window brings its own.
  return (
    <AntdScope>
      <Modal
        open={open}
        onCancel={onClose}
        afterClose={afterClose}
        footer={null}
        destroyOnHidden
        centered={!full}
        width={full ? '100vw' : 'min(960px, 94vw)'}
        className={full ? 'ds-assistant ds-assistant--full' : 'ds-assistant'}
        closable={{ 'aria-label': t('assistant.close') }}
        title={
          <div className="ds-assistant-title">
            <span>{t('assistant.title')}</span>
            <Button
              type="text"
              size="small"
              icon={full ? <CompressOutlined /> : <ExpandOutlined />}
              aria-pressed={full}
              onClick={() => setFull(!full)}
            >
              {full ? t('assistant.exitFullscreen') : t('assistant.fullscreen')}
            </Button>
          </div>
        }
      >
        <div className="ds-assistant-body">
          {frame.status === 'ready' ? (
            <iframe className="ds-assistant-frame" src={frame.url} title={t('assistant.frame')} allow="clipboard-write; microphone" />
          ) : frame.status === 'failed' ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              message={frame.message}
              action={
                <Button
                  size="small"
                  onClick={() => {
                    setFrame({ status: 'loading' });
                    setAttempt((n) => n + 1);
                  }}
                >
                  {t('assistant.retry')}
                </Button>
              }
            />
          ) : (
            <Spin aria-label={t('assistant.loading')} tip={t('assistant.loading')}>
              <div className="ds-assistant-wait" />
            </Spin>
          )}
        </div>
      </Modal>
    </AntdScope>
  );
}
