import { useEffect } from 'react';
import { useT } from '../i18n/useT';
import { usePlatformName } from '../platform/hooks';
import { useScreenTitle } from '../routes/screenTitle';

/** Tab title "screen – platform name", the platform name coming from the global config. */
export function useDocumentTitle(): void {
  const t = useT();
  const screen = useScreenTitle();
  const platformName = usePlatformName();
  useEffect(() => {
    const parts = [screen ? t(screen) : '', platformName].filter(Boolean);
    if (parts.length) document.title = parts.join(' - ');
  }, [t, screen, platformName]);
}
