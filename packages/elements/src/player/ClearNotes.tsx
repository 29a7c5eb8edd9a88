import { useEffect, useId, useRef, useState } from 'react';
import type { NotesMessages } from './notesMessages.js';

export interface ClearNotesProps {
  count: number;
  messages: NotesMessages;
  onConfirm(): Promise<unknown>;
  /** Where focus goes once the notes are gone (the button itself disappears with them). */
  onDone(): void;
}

type Step = 'idle' | 'asking' | 'deleting' | 'failed';

/**
 * 清空本课笔记: one button that asks first, in place (a small alert dialog: 取消 has focus, Esc cancels),
 * so a slip of the hand never deletes a lesson's notes. Only the viewer's own notes go (server rule).
 */
export function ClearNotes({ count, messages: m, onConfirm, onDone }: ClearNotesProps) {
  const [step, setStep] = useState<Step>('idle');
  const questionId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const asking = step !== 'idle';

  useEffect(() => {
    if (step === 'asking') cancel.current?.focus();
  }, [step]);

  const close = () => {
    setStep('idle');
    queueMicrotask(() => opener.current?.focus());
  };
  const confirm = async () => {
    setStep('deleting');
    try {
      await onConfirm();
      setStep('idle');
      onDone();
    } catch {
      setStep('failed');
    }
  };

  if (!asking) {
    return (
      <button ref={opener} type="button" className="ds-player__notes-clear" part="notes-clear" onClick={() => setStep('asking')}>
        {m.clearNotes}
      </button>
    );
  }
  return (
    <div
      className="ds-player__confirm"
      part="notes-clear-confirm"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={questionId}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && step !== 'deleting') {
          event.stopPropagation();
          close();
        }
      }}
    >
      <p id={questionId} className="ds-player__confirm-text">{m.clearConfirm(count)}</p>
      <button type="button" className="ds-player__button ds-player__button--danger" disabled={step === 'deleting'} onClick={() => void confirm()}>
        {step === 'deleting' ? m.clearing : m.clearYes}
      </button>
      <button ref={cancel} type="button" className="ds-player__button ds-player__button--plain" disabled={step === 'deleting'} onClick={close}>
        {m.clearNo}
      </button>
      {step === 'failed' ? <p className="ds-player__error" role="alert">{m.clearFailed}</p> : null}
    </div>
  );
}
