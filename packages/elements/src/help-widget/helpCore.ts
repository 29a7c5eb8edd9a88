/**
 * The widget's first lazy part, loaded right after the collapsed button is on screen: the shared
 * platform core (HTTP client, session, configuration) and what the widget reads from it. Nothing here
 * may be imported statically by the element, or it is back in the first load.
 */
import type { HelpEndSettings } from '@dscloud/sdk/config';
import type { Platform } from '../shared/platformRegistry.js';

export { getPlatform } from '../shared/platformRegistry.js';

export interface HelpMedia {
  /** Address of the QR image, or null when none is configured. */
  qr: string | null;
  /** Address of the operation video, or null when none is configured. */
  video: string | null;
}

export interface HelpContent {
  wechat: HelpMedia | null;
  tv: HelpMedia | null;
  centerUrl: string;
  hotlines: { account: string; usage: string; groupChat: string };
}

/** A device end (微信端, TV端) as the settings describe it; null when neither its QR nor its video is set. */
function media(platform: Platform, end: HelpEndSettings, item: string): HelpMedia | null {
  // The server sends the browser on to the stored file (signed link) or the configured address.
  const qr = end.qr ? platform.http.url(`/static/help/${item}Qr`) : null;
  const video = end.video ? platform.http.url(`/static/help/${item}Video`) : null;
  return qr || video ? { qr, video } : null;
}

/**
 * What the widget shows, from the application settings the SDK's configuration loader reads
 * (`common.help.*`, `common.hotline.*`). A configuration that cannot be loaded leaves the items that
 * need it out; the help centre stays.
 */
export async function helpContent(platform: Platform): Promise<HelpContent> {
  const settings = await platform.config.settingsReady().catch(() => platform.config.settings());
  return {
    wechat: media(platform, settings.help.wechat, 'wechat'),
    tv: media(platform, settings.help.tv, 'tv'),
    centerUrl: settings.help.centerUrl || platform.http.url('/#/help'),
    hotlines: { ...settings.hotlines },
  };
}

/** Whether someone is signed in: a token the page handed in, or the platform session's. */
export function signedIn(platform: Platform, token: string | undefined): boolean {
  return !!token || !!platform.session.getState().token;
}
