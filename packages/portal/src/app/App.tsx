import { PlatformProvider } from '@dscloud/elements';
import { useEffect } from 'react';
import { RouterProvider, type createHashRouter } from 'react-router';
import { useLocale } from '../i18n/useT';
import { PortalProvider, type Portal } from '../platform/PortalContext';

export interface AppProps {
  portal: Portal;
  router: ReturnType<typeof createHashRouter>;
}

/**
 * Providers around the router: the SDK platform, the boot state. antd's provider is not here: it
 * comes with the screens (app/AntdRoot.tsx), so the shell paints without antd in the first load.
 */
export function App({ portal, router }: AppProps) {
  const locale = useLocale();
  useEffect(() => {
    portal.platform.i18n.setLocale(locale);
  }, [portal, locale]);
  return (
    <PlatformProvider platform={portal.platform}>
      <PortalProvider portal={portal}>
        <RouterProvider router={router} />
      </PortalProvider>
    </PlatformProvider>
  );
}
