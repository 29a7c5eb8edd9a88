/**
 * Opening a single sign-on target from a click (docs/sso.md). A browser lets a page open a window only
 * during the click itself, and the ticket arrives later: so the window is opened at once, empty, and sent
 * to the target when the ticket is there (closed again if it never comes). Inside a device shell the
 * shell opens the address itself, so no window is needed.
 */
import type { SsoTarget } from '@dscloud/sdk/sso';

/** The part of a browser window this needs (a test passes a fake). */
export interface PendingWindow {
  readonly closed: boolean;
  opener: unknown;
  location: { href: string };
  close(): void;
  document?: { title: string; body: { textContent: string | null } | null };
}

export interface TicketOpenSeams {
  /** `window.open('', '_blank')`, called synchronously in the click; null when the browser blocked it. */
  openBlank: () => PendingWindow | null;
  ticket: (target: SsoTarget) => Promise<{ url: string }>;
  /** Set inside a device shell: the shell opens the address (spec §7), no window is opened here. */
  openExternal?: ((url: string) => Promise<void>) | undefined;
  notify: (kind: 'error' | 'warning', text: string) => void;
  words: { opening: string; popupBlocked: string };
}

export type TicketOpenResult = 'opened' | 'blocked' | 'failed';

/** Must be called from the click handler itself (it opens the window before its first await). */
export function openWithTicket(target: SsoTarget, seams: TicketOpenSeams): Promise<TicketOpenResult> {
  if (seams.openExternal) {
    const external = seams.openExternal;
    return seams.ticket(target).then(
      ({ url }) => external(url).then(() => 'opened' as const),
      (error: unknown) => fail(error),
    );
  }
  const win = seams.openBlank();
  if (!win) {
    seams.notify('warning', seams.words.popupBlocked);
    return Promise.resolve('blocked');
  }
  // The target must not reach back into the portal's tab (reverse tabnabbing).
  win.opener = null;
  if (win.document) {
    win.document.title = seams.words.opening;
    if (win.document.body) win.document.body.textContent = seams.words.opening;
  }
  return seams.ticket(target).then(
    ({ url }) => {
      if (win.closed) return 'failed' as const;
      win.location.href = url;
      return 'opened' as const;
    },
    (error: unknown) => {
      win.close();
      return fail(error);
    },
  );

  function fail(error: unknown): TicketOpenResult {
    seams.notify('error', error instanceof Error ? error.message : String(error));
    return 'failed';
  }
}
