import type { Notice, Notify } from '@dscloud/sdk/http';

type Show = (notice: Notice) => void;

/** The attached sinks, the one in use last: a screen's antd App first, the page's own sink under it. */
const sinks: Show[] = [];
/** Notices raised before a sink is attached (antd's code is still arriving): shown once one is. */
const pending: Notice[] = [];
const MAX_PENDING = 5;
let ownSink: Promise<unknown> | null = null;

/**
 * The page's own sink (app/NoticeHost.tsx), fetched on the first notice that finds none attached: the
 * home screen loads no antd, so a failed call or an expired session there would otherwise wait for a
 * screen that brings antd. It stays attached under the screens' sinks once it is there.
 */
function loadOwnSink() {
  ownSink ??= import('../app/NoticeHost').then(
    (host) => host.mountNoticeHost(),
    (cause: unknown) => {
      // Offline or a new deployment: the notices stay pending, the next one tries again.
      ownSink = null;
      console.warn('notice host failed to load', cause);
    },
  );
}

/**
 * The SDK's toasts (failed calls, expired session) and the shell's own short messages, shown as antd
 * messages. The platform exists before React renders and antd is no part of the first load (screens
 * bring it with app/AntdRoot.tsx; the home screen has none), so this forwarding function keeps what
 * arrives early until a sink is attached, and fetches the page's own sink when none is.
 */
export const portalNotify: Notify = (notice) => {
  const show = sinks.at(-1);
  if (show) {
    show(notice);
    return;
  }
  console.warn(notice.message);
  pending.push(notice);
  if (pending.length > MAX_PENDING) pending.shift();
  loadOwnSink();
};

/**
 * The sink's side: AntdRoot attaches antd's message function while it is mounted; the page's own sink
 * (`under`) goes below the others, so a screen's sink, in its App, shows the notices while there is one.
 */
export function attachNoticeSink(sink: Show, { under = false }: { under?: boolean } = {}): () => void {
  if (under) sinks.unshift(sink);
  else sinks.push(sink);
  const show = sinks.at(-1)!;
  for (const notice of pending.splice(0)) show(notice);
  return () => {
    const at = sinks.indexOf(sink);
    if (at >= 0) sinks.splice(at, 1);
  };
}

/**
 * What a notice says to the user: the catalogue's (or the server's) words, with a business code in the
 * house style 「用户已被禁用（4030001）」. Never the call's path nor a bare HTTP status (a three-digit
 * code): the sink writes those to the console, where support staff look (docs/roles.md).
 */
export function noticeText(notice: Pick<Notice, 'message' | 'status'>): string {
  const code = notice.status ?? 0;
  return code >= 1000 && !notice.message.includes(String(code)) ? `${notice.message}（${code}）` : notice.message;
}
