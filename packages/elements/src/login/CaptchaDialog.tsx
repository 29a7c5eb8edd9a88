import { useCallback, useEffect, useRef, useState } from 'react';
import type { Auth } from '@dscloud/sdk/auth';
import { toDsError, type Locale } from '@dscloud/sdk/errors';
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
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);

  const load = useCallback(
    (keepError = false) => {
      const mine = ++generation.current;
      setPhase('loading');
      setPuzzle(null);
      if (!keepError) setError(null);
      auth.fetchCaptcha(username).then(
        (next) => {
          if (mine !== generation.current) return;
          setPuzzle(next);
          setPhase('ready');
        },
        (failure: unknown) => {
          if (mine !== generation.current) return;
          setError(toDsError(failure).localizedMessage(lang));
        },
      );
    },
    [auth, username, lang],
  );

  useEffect(() => {
    if (open) load();
    else generation.current++;
  }, [open, load]);

  const verify = (x: number) => {
    if (!puzzle || phase !== 'ready') return;
    const mine = generation.current;
    setPhase('checking');
    auth.verifyCaptcha(puzzle.captchaId, x).then(
      (token) => {
        if (mine !== generation.current) return;
        setPhase('ok');
        setError(null);
        void auth.captchaSolved(token);
      },
      (failure: unknown) => {
        if (mine !== generation.current) return;
        // A wrong answer spends the puzzle on the server: show why, then a fresh one.
        setError(toDsError(failure).localizedMessage(lang));
        load(true);
      },
    );
  };

  return (
    <Dialog open={open} title={messages.captchaTitle} closeLabel={messages.close} onClose={() => auth.closeCaptcha()} part="captcha-dialog">
      <SliderCaptcha puzzle={puzzle} phase={phase} error={error} messages={messages} onVerify={verify} onRefresh={() => load()} />
    </Dialog>
  );
}
