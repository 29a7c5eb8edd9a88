import type { Notice, Notify } from '@dscloud/sdk/http';
import { App } from 'antd';
import { useEffect } from 'react';

type Show = (notice: Notice) => void;

let show: Show | null = null;

/**
 * The SDK's toasts (failed calls, expired session) shown as antd messages. The platform exists before
 * React renders, so it gets this forwarding function and the sink is attached once antd is mounted.
 */
export const portalNotify: Notify = (notice) => {
  if (show) show(notice);
  else console.warn(notice.message);
};

/** Mount inside antd's `App` so messages follow the theme and language. */
export function NoticeSink() {
  const { message } = App.useApp();
  useEffect(() => {
    show = (notice) => {
      const where = notice.path ? ` (${notice.path}${notice.status ? ` ${notice.status}` : ''})` : '';
      void message.open({ type: notice.kind, content: `${notice.message}${where}`, duration: notice.duration / 1000 });
    };
    return () => {
      show = null;
    };
  }, [message]);
  return null;
}
