import { useStore } from '@dscloud/elements';
import { ConfigKeys } from '@dscloud/sdk/config';
import { isLoggedIn } from '@dscloud/sdk/session';
import { canSeeManagement, isStudent, isTeacher, type CurrentUser } from '@dscloud/sdk/user';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useLocale } from '../i18n/useT';
import type { Viewer } from '../shell/navItems';
import type { BootActions } from './boot';
import type { BootState } from './bootStore';
import type { DeviceState } from './deviceShell';
import { usePortal } from './PortalContext';
import type { Platform } from './createPortalPlatform';

export function useBoot(): BootState {
  const { boot } = usePortal();
  return useSyncExternalStore(boot.subscribe, boot.getState, boot.getState);
}

export function useBootActions(): BootActions {
  return usePortal().actions;
}

/** The device bridge in use: the browser's, or a shell's once it answered. */
export function useDeviceBridge(): DeviceState {
  const { device } = usePortal();
  return useSyncExternalStore(device.subscribe, device.getState, device.getState);
}

export function useLoggedIn(): boolean {
  return useStore(usePortal().platform.session, isLoggedIn);
}

const selectUser = (state: { user: Readonly<CurrentUser> | null }) => state.user;

export function useCurrentUser(): Readonly<CurrentUser> | null {
  return useStore(usePortal().platform.user, selectUser);
}

/** A global configuration value, '' until the configuration is loaded or when the key is absent. */
export function useGlobalValue(key: string): string {
  const { platform } = usePortal();
  const { config } = useBoot();
  return config === 'ready' ? (platform.config.global(key) ?? '') : '';
}

/** The platform's name in the page's language: its English form in English mode when one is set. */
export function usePlatformName(): string {
  const name = useGlobalValue(ConfigKeys.platformName);
  const nameEn = useGlobalValue(ConfigKeys.platformNameEn);
  return useLocale() === 'en' && nameEn ? nameEn : name;
}

/** The facts the header rules depend on (spec §2/§6). */
export function useViewer(): Viewer {
  const loggedIn = useLoggedIn();
  const user = useCurrentUser();
  return useMemo<Viewer>(
    () => ({
      loggedIn,
      kind: !loggedIn ? 'other' : !user ? 'pending' : isTeacher(user) ? 'teacher' : isStudent(user) ? 'student' : 'other',
    }),
    [loggedIn, user],
  );
}

export interface ViewerProfile extends Viewer {
  name: string;
  avatarUrl: string | null;
}

export function useViewerProfile(): ViewerProfile {
  const viewer = useViewer();
  const user = useCurrentUser();
  const { platform } = usePortal();
  return {
    ...viewer,
    name: user?.userName ?? '',
    avatarUrl: avatarOf(platform, user),
  };
}

export type ManagementAccess = 'anonymous' | 'pending' | 'granted' | 'denied';

/** Back-office access: the roles of spec §2 "Footer", or an audit person. */
export function useManagementAccess(): ManagementAccess {
  const loggedIn = useLoggedIn();
  const user = useCurrentUser();
  const boot = useBoot();
  if (!loggedIn) return 'anonymous';
  if (boot.user === 'failed') return 'denied';
  if (!user) return 'pending';
  if (canSeeManagement(user)) return 'granted';
  if (boot.auditPerson === null) return 'pending';
  return boot.auditPerson ? 'granted' : 'denied';
}

/** Ends the session on the server (the token dies at once) and on this device. */
export function useLogout(): () => Promise<void> {
  const { platform } = usePortal();
  return useCallback(async () => {
    // Never throws: the device forgets the login even when the server cannot be told.
    await platform.auth.logout();
  }, [platform]);
}

/** The reference server sends a signed `avatarUrl` an `<img>` can load; other servers only the file id. */
function avatarOf(platform: Platform, user: CurrentUser | null | undefined): string | null {
  if (user?.avatarUrl) return platform.http.url(user.avatarUrl);
  return user?.avatarFileid ? platform.http.url(platform.paths.file(`/v1/file/download/${user.avatarFileid}`)) : null;
}
