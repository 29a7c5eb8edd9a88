import { isLoggedIn } from '@dscloud/sdk/session';
import type { BootStore } from './bootStore';
import type { Platform } from './createPortalPlatform';

export interface BootActions {
  reloadConfig(): void;
  reloadUser(): void;
}

/**
 * Loads what every screen needs: the global configuration at start, and the current user plus the
 * audit-person flag whenever someone logs in. Failures land in the boot store as states, never throw.
 */
export function startBoot(platform: Platform, store: BootStore): BootActions {
  let userRun = 0;

  async function loadConfig(): Promise<void> {
    store.setState({ config: 'loading' });
    try {
      await platform.config.ready();
      store.setState({ config: 'ready' });
    } catch (error) {
      console.error(error);
      store.setState({ config: 'failed' });
    }
  }

  async function loadUser(): Promise<void> {
    const run = ++userRun;
    if (!platform.session.isLoggedIn()) {
      store.setState({ user: 'none', auditPerson: null });
      return;
    }
    store.setState({ user: 'loading', auditPerson: null });
    try {
      await platform.user.load();
      if (run === userRun) store.setState({ user: 'ready' });
    } catch (error) {
      console.error(error);
      if (run === userRun) store.setState({ user: 'failed' });
      return;
    }
    let auditPerson = false;
    try {
      auditPerson = await platform.user.isAuditPerson();
    } catch (error) {
      // Not being able to tell only hides the back-office entry; the server guards it anyway.
      console.error(error);
    }
    if (run === userRun) store.setState({ auditPerson });
  }

  platform.session.subscribe((state, previous) => {
    if (isLoggedIn(state) !== isLoggedIn(previous)) void loadUser();
  });
  void loadConfig();
  void loadUser();
  return { reloadConfig: () => void loadConfig(), reloadUser: () => void loadUser() };
}
