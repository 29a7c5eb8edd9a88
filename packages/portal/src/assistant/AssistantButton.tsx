import { RobotOutlined } from '@ant-design/icons';
import { lazy, Suspense, useRef, useState } from 'react';
import { useT } from '../i18n/useT';
import { useAppSettings } from '../platform/appHooks';
import { useCurrentUser, useLoggedIn } from '../platform/hooks';
import { assistantVisible } from './assistantRule';

const AssistantWindow = lazy(() => import('./AssistantWindow'));

/** The header's AI assistant button, for logged-in users of the configured bureau only (assistantRule.ts). */
export function AssistantButton() {
  const t = useT();
  const loggedIn = useLoggedIn();
  const user = useCurrentUser();
  const { bureauId } = useAppSettings().ai;
  const [open, setOpen] = useState(false);
  // Each opening mounts a new window: a fresh ticket, a fresh state.
  const [session, setSession] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  if (!assistantVisible({ loggedIn, user, bureauId })) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        className="ds-button ds-assistant-button"
        onClick={() => {
          setSession((n) => n + 1);
          setOpen(true);
        }}
      >
        <RobotOutlined aria-hidden="true" />
        <span>{t('assistant.open')}</span>
      </button>
      {session ? (
        <Suspense fallback={null}>
          <AssistantWindow key={session} open={open} onClose={() => setOpen(false)} afterClose={() => button.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
