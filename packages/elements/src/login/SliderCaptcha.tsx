import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { CaptchaPuzzle } from '@dscloud/sdk/auth';
import type { Messages } from './messages.js';

export type { CaptchaPuzzle } from '@dscloud/sdk/auth';

export interface SliderCaptchaProps {
  puzzle: CaptchaPuzzle | null;
  /** 'checking' while the server verifies; 'ok' once it accepted the position. */
  phase: 'loading' | 'ready' | 'checking' | 'ok';
  error?: string | null;
  messages: Messages;
  onVerify: (x: number) => void;
  onRefresh: () => void;
}

const PIECE = 50;

/**
 * The slider puzzle. Pointer users drag the handle; keyboard users focus the track (a `slider`)
 * and move the piece with the arrow keys, then press Enter — the same check either way.
 */
export function SliderCaptcha({ puzzle, phase, error, messages, onVerify, onRefresh }: SliderCaptchaProps) {
  // The position belongs to the puzzle it was set on: each new puzzle starts at 0.
  const [position, setPosition] = useState<{ captchaId: string | undefined; x: number }>({ captchaId: puzzle?.captchaId, x: 0 });
  const x = position.captchaId === puzzle?.captchaId ? position.x : 0;
  const setX = (value: number) => setPosition({ captchaId: puzzle?.captchaId, x: value });
  const hintId = useId();
  const drag = useRef<{ pointerId: number; startX: number; origin: number } | null>(null);
  const width = puzzle?.width ?? 310;
  const max = width - PIECE;
  const busy = phase !== 'ready';

  const clamp = (value: number) => Math.max(0, Math.min(max, Math.round(value)));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (busy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const rect = event.currentTarget.getBoundingClientRect();
    // Pressing beside the handle jumps it under the pointer, like a native range input.
    const onHandle = event.clientX - rect.left >= x && event.clientX - rect.left <= x + PIECE;
    const origin = onHandle ? x : clamp(event.clientX - rect.left - PIECE / 2);
    setX(origin);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, origin };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    setX(clamp(d.origin + event.clientX - d.startX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    const final = clamp(d.origin + event.clientX - d.startX);
    setX(final);
    onVerify(final);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (busy) return;
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, number> = {
      ArrowRight: x + step, ArrowUp: x + step, ArrowLeft: x - step, ArrowDown: x - step,
      PageUp: x + 10, PageDown: x - 10, Home: 0, End: max,
    };
    if (event.key in moves) {
      event.preventDefault();
      setX(clamp(moves[event.key]!));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onVerify(x);
    }
  };

  if (!puzzle) {
    return <p className="ds-captcha__message" role="status">{error ?? messages.captchaLoading}</p>;
  }
  return (
    <div className="ds-captcha" part="captcha">
      <div className="ds-captcha__stage" style={{ width, height: puzzle.height }}>
        <img className="ds-captcha__background" src={puzzle.background} alt="" width={width} height={puzzle.height} />
        <img className="ds-captcha__piece" src={puzzle.piece} alt="" style={{ left: x, top: puzzle.pieceY }} />
      </div>
      <div
        className="ds-captcha__track"
        part="captcha-track"
        role="slider"
        tabIndex={0}
        aria-label={messages.captchaSlider}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={x}
        aria-disabled={busy || undefined}
        aria-describedby={hintId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
      >
        <span className="ds-captcha__handle" style={{ left: x }} />
      </div>
      <p id={hintId} className="ds-captcha__hint">{messages.captchaHint}
        {messages.captchaKeys}</p>
      <p className={`ds-captcha__message ds-captcha__message--${phase === 'ok' ? 'ok' : 'error'}`} role="status">
        {phase === 'ok' ? messages.captchaOk : (error ?? '')}
      </p>
      <button type="button" className="ds-captcha__refresh" onClick={onRefresh} disabled={phase === 'checking' || phase === 'ok'}>
        {messages.captchaRefresh}
      </button>
    </div>
  );
}
