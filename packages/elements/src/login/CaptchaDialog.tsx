import { useEffect, useRef, useState } from 'react';
import type { Auth } from '@dscloud/sdk/auth';
import { toDsError, type DsError, type Locale } from '@dscloud/sdk/errors';
import { Dialog } from '../shared/Dialog.js';
import { SliderCaptcha, type CaptchaPuzzle } from './SliderCaptcha.js';
import type { Messages } from './messages.js';

export interface CaptchaDialogProps {
  auth: Pick<Auth, 'fetchCaptcha' | 'verifyCaptcha' | 'captchaSolved' | 'closeCaptcha'>;
  open: boolean;
  /** The puzzle is bound to the account that is trying to log in. */
  username: string;
  lang: Locale;
  messages: Messages;
}

type Phase = 'loading' | 'ready' | 'checking' | 'ok';

/** The slider puzzle the server demands after more than one failure (§4), as a modal. */
export function CaptchaDialog({ auth, open, username, lang, messages }: CaptchaDialogProps) {
  const [puzzle, setPuzzle] = useState<CaptchaPuzzle | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [error, setError] = useState<DsError | null>(null);
  // Each fetch of a puzzle: opening the dialog, 换一张, or the fresh one after a wrong answer.
  const [attempt, setAttempt] = useState(0);
  // The fetch under way: closing the dialog or fetching another puzzle ends it, and answers to it are dropped.
  const request = useRef<{ live: boolean } | null>(null);

  // Opening the dialog (or a dialog for another account) starts from a blank, loading puzzle.
  const [shown, setShown] = useState({ open, auth, username });
  if (shown.open !== open || shown.auth !== auth || shown.username !== username) {
    setShown({ open, auth, username });
    if (open) {
      setPhase('loading');
      setPuzzle(null);
      setError(null);
    }
  }

  useEffect(() => {
    if (!open) return undefined;
    const mine = { live: true };
    request.current = mine;
    auth.fetchCaptcha(username).then(
      (next) => {
        if (!mine.live) return;
        setPuzzle(next);
        setPhase('ready');
      },
      (failure: unknown) => {
        if (!mine.live) return;
        setError(toDsError(failure));
      },
    );
    return () => {
      mine.live = false;
    };
  }, [open, auth, username, attempt]);

  const load = (keepError = false) => {
    setPhase('loading');
    setPuzzle(null);
    if (!keepError) setError(null);
    setAttempt((n) => n + 1);
  };

  const verify = (x: number) => {
    if (!puzzle || phase !== 'ready') return;
    const mine = request.current;
    setPhase('checking');
    auth.verifyCaptcha(puzzle.captchaId, x).then(
      (token) => {
        if (!mine?.live) return;
        setPhase('ok');
        setError(null);
        void auth.captchaSolved(token);
      },
      (failure: unknown) => {
        if (!mine?.live) return;
        // A wrong answer spends the puzzle on the server: show why, then a fresh one.
        setError(toDsError(failure));
        load(true);
      },
    );
  };

  return (
    <Dialog open={open} title={messages.captchaTitle} closeLabel={messages.close} onClose={() => auth.closeCaptcha()} part="captcha-dialog">
      <SliderCaptcha
        puzzle={puzzle}
        phase={phase}
        error={error ? error.localizedMessage(lang) : null}
        messages={messages}
        onVerify={verify}
        onRefresh={() => load()}
      />
    </Dialog>
  );
}
