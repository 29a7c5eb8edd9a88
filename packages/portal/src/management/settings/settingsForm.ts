/**
 * The settings form's logic, apart from rendering: which keys it edits, what a save sends (only the
 * values that changed, trimmed) and which form field a server error names.
 */
import { LOGO_KEY_PREFIX, SETTING_KEYS, settingProblem } from '@dscloud/sdk/settings';

export type SettingValues = Record<string, string>;

/** The keys the screen loads: every setting plus the logo of each area it shows. */
export function keysToLoad(areaCodes: readonly string[]): string[] {
  return [...SETTING_KEYS, ...areaCodes.map((code) => `${LOGO_KEY_PREFIX}${code}`)];
}

/** The areas whose logo the screen offers: the platform's own, then those that show WeChat login. */
export function logoAreas(areaCode: string, wechatAreaCodes: string): string[] {
  const codes = [areaCode, ...wechatAreaCodes.split(',')].map((c) => c.trim()).filter(Boolean);
  return [...new Set(codes)];
}

/** The items a save sends: the keys whose trimmed value differs from what was loaded, in form order. */
export function changedItems(loaded: SettingValues, edited: SettingValues): Array<{ configKey: string; configValue: string }> {
  return Object.keys(edited)
    .filter((key) => (edited[key] ?? '').trim() !== (loaded[key] ?? ''))
    .map((key) => ({ configKey: key, configValue: (edited[key] ?? '').trim() }));
}

/** The form field of a server error about `items[i].…` of the save that sent `sent`. */
export function fieldOfItem(sent: ReadonlyArray<{ configKey: string }>, field: string): string[] | null {
  const match = /^items\[(\d+)\]\./.exec(field);
  const key = match ? sent[Number(match[1])]?.configKey : SETTING_KEYS.includes(field as never) ? field : undefined;
  return key ? [key] : null;
}

/** The form rule of a key: the same check the server makes. */
export function validateSetting(key: string, value: unknown): Promise<void> {
  const problem = settingProblem(key, String(value ?? '').trim());
  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
}
