import { describe, expect, it } from 'vitest';
import { ariaKeysOf, shortcutOf, type KeyLike } from './shortcuts';

const el = (tagName: string, extra: Record<string, unknown> = {}) =>
  ({ tagName, isContentEditable: false, getAttribute: (n: string) => (extra[n] as string | undefined) ?? null, ...extra }) as unknown as EventTarget;
const press = (code: string, target: EventTarget | null = el('BUTTON'), mods: Partial<KeyLike> = {}): KeyLike => ({
  code,
  altKey: true,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  target,
  ...mods,
});

describe('review shortcuts', () => {
  it('maps Alt+1…4 to the decisions and Alt+←/→ to the neighbours', () => {
    expect(['Digit1', 'Digit2', 'Digit3', 'Digit4', 'ArrowLeft', 'ArrowRight'].map((c) => shortcutOf(press(c)))).toEqual([
      'pass',
      'return',
      'reject',
      'excellent',
      'previous',
      'next',
    ]);
    expect(shortcutOf(press('Digit1', el('DIV')))).toBe('pass');
    expect(shortcutOf(press('Digit5'))).toBeNull();
  });

  it('leaves keys alone without Alt, or with Ctrl, Meta or Shift, or while composing', () => {
    expect(shortcutOf(press('Digit1', undefined, { altKey: false }))).toBeNull();
    expect(shortcutOf(press('Digit1', undefined, { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('ArrowRight', undefined, { metaKey: true }))).toBeNull();
    expect(shortcutOf(press('Digit2', undefined, { shiftKey: true }))).toBeNull();
    expect(shortcutOf(press('Digit2', undefined, { isComposing: true }))).toBeNull();
  });

  it('never takes a key from a text field, a number field, a select or an editable area', () => {
    expect(shortcutOf(press('Digit1', el('TEXTAREA')))).toBeNull();
    expect(shortcutOf(press('Digit1', el('INPUT', { type: 'text' })))).toBeNull();
    expect(shortcutOf(press('ArrowRight', el('INPUT', { type: 'number' })))).toBeNull();
    expect(shortcutOf(press('Digit3', el('DIV', { isContentEditable: true })))).toBeNull();
    expect(shortcutOf(press('Digit3', el('INPUT', { role: 'combobox', type: 'search' })))).toBeNull();
    // A checkbox types nothing: the shortcut works there.
    expect(shortcutOf(press('Digit1', el('INPUT', { type: 'checkbox' })))).toBe('pass');
  });

  it('names the keys for aria-keyshortcuts', () => {
    expect(ariaKeysOf('pass')).toBe('Alt+1');
    expect(ariaKeysOf('next')).toBe('Alt+ArrowRight');
  });
});
