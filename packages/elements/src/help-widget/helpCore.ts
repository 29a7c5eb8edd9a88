/**
 * The widget's first lazy part, loaded right after the collapsed button is on screen: the shared
 * platform core (HTTP client, session, configuration) and what the widget reads from it. Nothing here
 * may be imported statically by the element, or it is back in the first load.
 */
import { ConfigKeys } from '@dscloud/sdk/config';
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

const value = (platform: Platform, key: string) => (platform.config.global(key) ?? '').trim();

/** A device end (微信端, TV端) as the settings describe it; null when neither its QR nor its video is set. */
function media(platform: Platform, qrKey: string, videoKey: string, item: string): HelpMedia | null {
  // The server sends the browser on to the stored file (signed link) or the configured address.
  const qr = value(platform, qrKey) ? platform.http.url(`/static/help/${item}Qr`) : null;
  const video = value(platform, videoKey) ? platform.http.url(`/static/help/${item}Video`) : null;
  return qr || video ? { qr, video } : null;
}

/**
 * What the widget shows, from the platform settings (`common.help.*`, `common.hotline.*`). A
 * configuration that cannot be loaded leaves the items that need it out; the help centre stays.
 */
export async function helpContent(platform: Platform): Promise<HelpContent> {
  await platform.config.ready().catch(() => undefined);
  return {
    wechat: media(platform, ConfigKeys.helpWechatQr, ConfigKeys.helpWechatVideo, 'wechat'),
    tv: media(platform, ConfigKeys.helpTvQr, ConfigKeys.helpTvVideo, 'tv'),
    centerUrl: value(platform, ConfigKeys.helpCenterUrl) || platform.http.url('/#/help'),
    hotlines: {
      account: value(platform, ConfigKeys.hotlineAccount),
      usage: value(platform, ConfigKeys.hotlineUsage),
      groupChat: value(platform, ConfigKeys.hotlineGroupChat),
    },
  };
}

/** Whether someone is signed in: a token the page handed in, or the platform session's. */
export function signedIn(platform: Platform, token: string | undefined): boolean {
  return !!token || !!platform.session.getState().token;
}
