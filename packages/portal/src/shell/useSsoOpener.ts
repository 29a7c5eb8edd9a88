import { createSsoApi, SSO_TARGET_SETTINGS, type SsoTarget } from '@dscloud/sdk/sso';
import { useCallback } from 'react';
import { useT } from '../i18n/useT';
import { useDeviceBridge } from '../platform/hooks';
import { portalNotify } from '../platform/noticeBridge';
import { usePortal } from '../platform/PortalContext';
import { openWithTicket } from './openWithTicket';

/**
 * The click handler of the header's single sign-on entries: opens the target with a fresh ticket
 * (shell/openWithTicket.ts). A target without a configured address says so and opens nothing.
 */
/** A short message of the shell (antd's default three seconds), through the portal's notice sink. */
const say = (kind: 'error' | 'warning', text: string) => portalNotify({ kind, message: text, duration: 3000 });

export function useSsoOpener(): (target: SsoTarget) => void {
  const { platform } = usePortal();
  const t = useT();
  const { status, bridge } = useDeviceBridge();
  return useCallback(
    (target: SsoTarget) => {
      if (!platform.config.global(SSO_TARGET_SETTINGS[target])) {
        say('warning', t('sso.notConfigured'));
        return;
      }
      const sso = createSsoApi(platform.http);
      void openWithTicket(target, {
        openBlank: () => window.open('', '_blank'),
        ticket: (name) => sso.ticket(name, { silent: true }),
        openExternal: status === 'shell' ? (url) => bridge.openUrl(url) : undefined,
        notify: say,
        words: { opening: t('sso.opening'), popupBlocked: t('sso.popupBlocked') },
      });
    },
    [platform, t, status, bridge],
  );
}
