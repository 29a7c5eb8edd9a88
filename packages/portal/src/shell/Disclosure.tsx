import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** How long a panel stays after the pointer leaves, so the user can cross the gap to it (spec §9). */
export const HIDE_DELAY_MS = 200;

export interface DisclosureProps {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is not text enough. */
  triggerLabel?: string;
  /** Keyboard focus on the trigger opens the panel too (the user menu does this). */
  openOnFocus?: boolean;
  className?: string;
  triggerClassName?: string;
  /** Panel content; `close` lets an entry close the panel after acting. */
  children: (close: () => void) => ReactNode;
}

/**
 * A button that shows a panel of links: on hover, on click or Enter, and optionally on focus; Escape,
 * leaving with the pointer or moving focus out closes it. It is the
 * disclosure pattern (button + aria-expanded) rather than an ARIA menu, so Tab walks into the panel
 * and screen readers read plain links.
 */
export function Disclosure({ trigger, triggerLabel, openOnFocus, className, triggerClassName, children }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  // The pointer has left: the panel closes after HIDE_DELAY_MS unless it comes back (or the panel is shown again).
  const [leaving, setLeaving] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!leaving) return undefined;
    const timer = setTimeout(() => {
      setLeaving(false);
      setOpen(false);
    }, HIDE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  const show = () => {
    setLeaving(false);
    setOpen(true);
  };
  const hideLater = () => setLeaving(true);
  const close = () => {
    setLeaving(false);
    setOpen(false);
  };

  return (
    <div
      ref={root}
      className={['ds-disclosure', className].filter(Boolean).join(' ')}
      onMouseEnter={show}
      onMouseLeave={hideLater}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget)) close();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className={['ds-disclosure-trigger', triggerClassName].filter(Boolean).join(' ')}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={triggerLabel}
        onFocus={openOnFocus ? show : undefined}
        // Opening only: with hover already opening it, a toggle would close the panel under the pointer.
        onClick={show}
      >
        {trigger}
      </button>
      <div id={panelId} className="ds-disclosure-panel" hidden={!open}>
        {children(close)}
      </div>
    </div>
  );
}
