import { PlatformProvider } from '@dscloud/elements';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { RouterProvider, type createHashRouter } from 'react-router';
import { useLocale } from '../i18n/useT';
import { NoticeSink } from '../platform/noticeBridge';
import { PortalProvider, type Portal } from '../platform/PortalContext';
import { theme } from './theme';

export interface AppProps {
  portal: Portal;
  router: ReturnType<typeof createHashRouter>;
}

/** Providers around the router: antd in the chosen language, the SDK platform, the boot state. */
export function App({ portal, router }: AppProps) {
  const locale = useLocale();
  useEffect(() => {
    portal.platform.i18n.setLocale(locale);
  }, [portal, locale]);
  return (
    <ConfigProvider locale={locale === 'en' ? enUS : zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <AntApp>
        <NoticeSink />
        <PlatformProvider platform={portal.platform}>
          <PortalProvider portal={portal}>
            <RouterProvider router={router} />
          </PortalProvider>
        </PlatformProvider>
      </AntApp>
    </ConfigProvider>
  );
}
