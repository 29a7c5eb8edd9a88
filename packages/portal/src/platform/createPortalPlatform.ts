import { createPlatform, type Platform } from '@dscloud/sdk';
import { defaultTransport } from '@dscloud/sdk/http';
import type { Navigation } from '@dscloud/sdk/session';
import { earlyAnswers } from '../boot/earlyAnswers';
import type { PortalLocale } from '../i18n/messages';
import { safeReturnUrl } from '../routes/returnUrl';
import { portalNotify } from './noticeBridge';

export type { Platform };

/**
 * The route inside this portal that a same-origin address stands for, or null for any other page.
 * The portal writes `returnUrl` as a hash route (`/learn`), the SDK as a full address
 * (`https://host/#/learn`); both mean the same screen here.
 */
export function routeOfAddress(url: string, here: Location = window.location): string | null {
  let target: URL;
  try {
    target = new URL(url, here.href);
  } catch {
    return null;
  }
  if (target.origin !== here.origin) return null;
  if (target.hash.startsWith('#/')) return target.hash.slice(1);
  if (target.pathname === here.pathname) return '/';
  // A bare path is a route written without its hash (returnUrl=/my-notes): the server has no such page.
  return `${target.pathname}${target.search}`;
}

/**
 * The portal's one SDK platform, talking to the server the portal was served from. The SDK's wishes to
 * move (login after expiry, back after login) become hash-route changes, so the page and its state stay.
 */
export function createPortalPlatform(go: (route: string, replace: boolean) => void, locale: PortalLocale): Platform {
  const navigate = (target: Navigation) => {
    if (target.to === 'login') {
      go(`/login?returnUrl=${encodeURIComponent(safeReturnUrl(target.returnUrl))}`, false);
      return;
    }
    const route = routeOfAddress(target.url);
    if (route !== null) go(safeReturnUrl(route), Boolean(target.replace));
    else if (target.replace) window.location.replace(target.url);
    else window.location.assign(target.url);
  };
  // The route's first calls may already be under way (index.html's start script): their answers are taken once.
  return createPlatform({ apiBase: window.location.origin, locale, navigate, notify: portalNotify, adapter: earlyAnswers(defaultTransport()) });
}
