import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useLocale } from '../i18n/useT';
import { attachNoticeSink, noticeText } from '../platform/noticeBridge';
import { theme } from './theme';

/**
 * antd in the portal's theme and the chosen language. antd is no part of the first load: the screens
 * get it from the layout route below (loaded with the first screen; the home screen has none and
 * leaves the notices to app/NoticeHost.tsx), and the shell's few antd parts
 * (the mobile drawer, dialogs) wrap themselves in `AntdScope` when they load.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <ConfigProvider locale={locale === 'en' ? enUS : zhCN} theme={useReducedMotion() ? stillTheme : theme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}

/** A reader who asked the system for less motion gets antd's dialogs, menus and messages without it. */
const stillTheme = { ...theme, token: { ...theme.token, motion: false } };
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the system asks for reduced motion (followed while the page is open). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeMotion, () => window.matchMedia(REDUCED_MOTION).matches, () => false);
}

/**
 * The SDK's toasts as antd messages (platform/noticeBridge.tsx), following the theme and language;
 * `under` for the page's own sink (app/NoticeHost.tsx), used while no screen's sink is attached.
 */
export function NoticeSink({ under = false }: { under?: boolean }) {
  const { message } = AntApp.useApp();
  useEffect(
    () =>
      attachNoticeSink((notice) => {
        if (notice.path) console.warn(`${notice.message} (${notice.path}${notice.status ? ` ${notice.status}` : ''})`);
        void message.open({ type: notice.kind, content: noticeText(notice), duration: notice.duration / 1000 });
      }, { under }),
    [message, under],
  );
  return null;
}

/** antd's App (message, modal and notification hooks) with the notice sink. */
export function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <AntdScope>
      <AntApp>
        <NoticeSink />
        {children}
      </AntApp>
    </AntdScope>
  );
}

/** The pathless layout route around every screen (routes/routeTable.tsx): loaded with the first screen. */
export default function AntdLayout() {
  return (
    <AntdRoot>
      <Outlet />
    </AntdRoot>
  );
}
