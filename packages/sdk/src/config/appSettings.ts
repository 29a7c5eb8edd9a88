/**
 * The application's settings of spec §3 that the platform settings hold (help widget, hotlines, AI
 * assistant): one typed, frozen view of the loaded global configuration, so the widget, the portal
 * and a bureau's page read the same values the same way, after the same loader (retries, failure
 * notice, `ready`/`failed` states) as every other configuration.
 */
import { ConfigKeys, type GlobalConfig } from './types.js';
import { deepFreeze } from '../util/deepFreeze.js';

export interface HelpEndSettings {
  /** The QR image as configured (a stored file id or an address); '' when none. */
  qr: string;
  /** The operation video as configured (a stored file id or an address); '' when none. */
  video: string;
}

export interface AppSettings {
  help: { wechat: HelpEndSettings; tv: HelpEndSettings; centerUrl: string };
  hotlines: { account: string; usage: string; groupChat: string };
  /** The AI assistant: shown to the users of `bureauId` (and its units); '' = nobody. */
  ai: { bureauId: string; pageUrl: string };
}

/** The settings as the loaded global configuration gives them (trimmed; absent keys are ''). */
export function appSettingsOf(global: Readonly<GlobalConfig> | null | undefined): Readonly<AppSettings> {
  const value = (key: string) => (global?.values[key] ?? '').trim();
  return deepFreeze({
    help: {
      wechat: { qr: value(ConfigKeys.helpWechatQr), video: value(ConfigKeys.helpWechatVideo) },
      tv: { qr: value(ConfigKeys.helpTvQr), video: value(ConfigKeys.helpTvVideo) },
      centerUrl: value(ConfigKeys.helpCenterUrl),
    },
    hotlines: {
      account: value(ConfigKeys.hotlineAccount),
      usage: value(ConfigKeys.hotlineUsage),
      groupChat: value(ConfigKeys.hotlineGroupChat),
    },
    ai: { bureauId: value(ConfigKeys.aiBureauId), pageUrl: value(ConfigKeys.aiPageUrl) },
  });
}

/** Nothing configured: what a reader sees before the configuration is loaded or when it failed. */
export const EMPTY_APP_SETTINGS: Readonly<AppSettings> = appSettingsOf(null);
