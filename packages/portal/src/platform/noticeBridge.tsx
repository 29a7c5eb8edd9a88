import type { Notice, Notify } from '@dscloud/sdk/http';

type Show = (notice: Notice) => void;

let show: Show | null = null;
/** Notices raised before antd is mounted (the first screen's code is still arriving): shown once it is. */
const pending: Notice[] = [];
const MAX_PENDING = 5;

/**
 * The SDK's toasts (failed calls, expired session) and the shell's own short messages, shown as antd
 * messages. The platform exists before React renders and antd is no part of the first load (it comes
 * with the first screen, app/AntdRoot.tsx), so this forwarding function keeps what arrives early until
 * the sink is attached.
 */
export const portalNotify: Notify = (notice) => {
  if (show) {
    show(notice);
    return;
  }
  console.warn(notice.message);
  pending.push(notice);
  if (pending.length > MAX_PENDING) pending.shift();
};

/** The sink's side: AntdRoot attaches antd's message function while it is mounted. */
export function attachNoticeSink(sink: Show): () => void {
  show = sink;
  for (const notice of pending.splice(0)) sink(notice);
  return () => {
    if (show === sink) show = null;
  };
}
