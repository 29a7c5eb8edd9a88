import { createSsoApi, SSO_TARGET_SETTINGS, type SsoTarget } from '@dscloud/sdk/sso';
import { App } from 'antd';
import { useCallback } from 'react';
import { useT } from '../i18n/useT';
import { usePortal } from '../platform/PortalContext';
import { openWithTicket } from './openWithTicket';

/**
 * The click handler of the header's single sign-on entries: opens the target with a fresh ticket
 * (shell/openWithTicket.ts). A target without a configured address says so and opens nothing.
 */
export function useSsoOpener(): (target: SsoTarget) => void {
  const { platform } = usePortal();
  const { message } = App.useApp();
  const t = useT();
  return useCallback(
    (target: SsoTarget) => {
      if (!platform.config.global(SSO_TARGET_SETTINGS[target])) {
        void message.warning(t('sso.notConfigured'));
        return;
      }
      const sso = createSsoApi(platform.http);
      void openWithTicket(target, {
        openBlank: () => window.open('', '_blank'),
        ticket: (name) => sso.ticket(name, { silent: true }),
        notify: (kind, text) => void message[kind](text),
        words: { opening: t('sso.opening'), popupBlocked: t('sso.popupBlocked') },
      });
    },
    [platform, message, t],
  );
}
