/**
 * Whether the widget was left open, remembered per page origin (localStorage) so that it comes back
 * the way the visitor left it. The storage is a seam: tests and stories hand in their own.
 */
export interface OpenMemory {
  read(): boolean | undefined;
  write(open: boolean): void;
}

export const OPEN_KEY = 'ds-help-widget:open';

/** localStorage, when the page may use it (a sandboxed frame or a private mode may refuse). */
export function browserOpenMemory(): OpenMemory {
  return {
    read() {
      try {
        const value = globalThis.localStorage?.getItem(OPEN_KEY);
        return value === '1' ? true : value === '0' ? false : undefined;
      } catch {
        return undefined;
      }
    },
    write(open) {
      try {
        globalThis.localStorage?.setItem(OPEN_KEY, open ? '1' : '0');
      } catch {
        // Not remembered: the widget still works for this page view.
      }
    },
  };
}

/** A memory that lives as long as the object (tests, stories). */
export function memoryOpenMemory(initial?: boolean): OpenMemory {
  let value = initial;
  return { read: () => value, write: (open) => void (value = open) };
}
