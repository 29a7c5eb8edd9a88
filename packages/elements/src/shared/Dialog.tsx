import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children?: ReactNode;
  /** Dialogs that demand an answer (alertdialog) have no close button and ignore Escape. */
  role?: 'dialog' | 'alertdialog';
  part?: string;
}

/**
 * A modal on the native `<dialog>`: the browser keeps focus inside, puts it in the top layer and
 * makes the rest of the page inert, also inside a shadow root.
 */
export function Dialog({ open, title, closeLabel, onClose, children, role = 'dialog', part }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="ds-dialog"
      part={part ?? 'dialog'}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (role === 'dialog') onClose();
      }}
    >
      {open ? (
        <>
          <header className="ds-dialog__header">
            <h2 id={titleId} className="ds-dialog__title">{title}</h2>
            {role === 'dialog' ? (
              <button type="button" className="ds-dialog__close" aria-label={closeLabel} onClick={onClose}>
                ×
              </button>
            ) : null}
          </header>
          <div className="ds-dialog__body">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
