import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router';
import { App } from './app/App';
import { replaceFirstScreen } from './boot/firstScreen';
import { applyThemeTokens } from './app/themeTokens';
import { localeStore } from './i18n/localeStore';
import { startBoot } from './platform/boot';
import { createBootStore } from './platform/bootStore';
import { createPortalPlatform } from './platform/createPortalPlatform';
import { createDeviceStore, framingOrigin } from './platform/deviceShell';
import { portalNotify } from './platform/noticeBridge';
import { watchRestoredScroll } from './routes/restoredScroll';
import { routes } from './routes/routeTable';

const router = createHashRouter(routes);
watchRestoredScroll(router);
const goTo = (route: string, replace: boolean) => {
  const { pathname, search } = router.state.location;
  // Login success is reported twice (the element's callback and the SDK's own move): go once.
  if (route === pathname + search) return;
  void router.navigate(route, { replace });
};
const platform = createPortalPlatform(goTo, localeStore.get());
const boot = createBootStore();
const actions = startBoot(platform, boot);
const device = createDeviceStore(platform);
// Only a portal framed by a device shell's page loads the bridge (platform/deviceShellStart.ts).
const hostOrigin = framingOrigin();
if (hostOrigin) void import('./platform/deviceShellStart').then((shell) => shell.startDeviceShell(platform, device, portalNotify, hostOrigin));
document.documentElement.lang = localeStore.get() === 'en' ? 'en' : 'zh-CN';
applyThemeTokens(document.documentElement);

const rootElement = document.getElementById('root')!;
replaceFirstScreen(router, rootElement);
createRoot(rootElement).render(
  <StrictMode>
    <App portal={{ platform, boot, actions, device }} router={router} />
  </StrictMode>,
);
