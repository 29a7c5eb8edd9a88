/**
 * The review page's keyboard shortcuts: Alt+1 pass, Alt+2 return, Alt+3 reject, Alt+4 high-quality,
 * Alt+← previous work, Alt+→ next work. A key pressed while the reviewer types (a text field, an
 * editable area, an IME composition) stays theirs: shortcuts act only from outside text fields, and
 * never with Ctrl, Meta or Shift held (the browser's and the screen reader's own keys).
 */
export type ShortcutAction = 'pass' | 'return' | 'reject' | 'excellent' | 'previous' | 'next';

export const SHORTCUTS: ReadonlyArray<{ action: ShortcutAction; code: string; keys: string }> = [
  { action: 'pass', code: 'Digit1', keys: 'Alt+1' },
  { action: 'return', code: 'Digit2', keys: 'Alt+2' },
  { action: 'reject', code: 'Digit3', keys: 'Alt+3' },
  { action: 'excellent', code: 'Digit4', keys: 'Alt+4' },
  { action: 'previous', code: 'ArrowLeft', keys: 'Alt+←' },
  { action: 'next', code: 'ArrowRight', keys: 'Alt+→' },
];

/** The keys shown next to an action's button (and in its `aria-keyshortcuts`). */
export const keysOf = (action: ShortcutAction): string => SHORTCUTS.find((s) => s.action === action)!.keys;
export const ariaKeysOf = (action: ShortcutAction): string => keysOf(action).replace('←', 'ArrowLeft').replace('→', 'ArrowRight');

export interface KeyLike {
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
  target: EventTarget | null;
}

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);

/** Whether the element takes typed text (so its keys are not shortcuts). */
export function typesText(target: EventTarget | null): boolean {
  const el = target as (Partial<HTMLElement> & { tagName?: string; type?: string }) | null;
  if (!el || typeof el.tagName !== 'string') return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return TEXT_INPUTS.has(String(el.type ?? '').toLowerCase());
  // antd's select and number inputs keep their own input inside; a combobox role types too.
  return el.getAttribute?.('role') === 'combobox';
}

/** The action a key press asks for, or null when it is not a shortcut here. */
export function shortcutOf(event: KeyLike): ShortcutAction | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.isComposing) return null;
  if (typesText(event.target)) return null;
  return SHORTCUTS.find((s) => s.code === event.code)?.action ?? null;
}
