/** Platform identifiers sent as `ua` and as the login `code` (spec §9). */
export const PlatformIds = {
  PC: 'dsidealschoolplatform',
  PPT: 'dsaddin01',
  PAD: 'idealclass',
  MOBILE_APP: 'ideallecture',
  WEB: 'web',
} as const;

export type SystemType = (typeof PlatformIds)[keyof typeof PlatformIds];
export type DeviceType = 'android' | 'ios' | 'pc';
export type SystemKind = 'web' | 'pad' | 'mobileApp' | 'pc' | 'ppt';

export interface DeviceFlags {
  /** Running inside one of the platform's shells (they inject this, or name themselves in the user agent). */
  isDeviceShell?: boolean;
  /** The shell says which it is. */
  shell?: 'pc' | 'ppt' | 'pad' | 'mobile';
}

export interface DeviceInfo {
  deviceType: DeviceType;
  kind: SystemKind;
  systemType: SystemType;
  isDeviceShell: boolean;
}

const KIND_TO_ID: Readonly<Record<SystemKind, SystemType>> = {
  web: PlatformIds.WEB,
  pad: PlatformIds.PAD,
  mobileApp: PlatformIds.MOBILE_APP,
  pc: PlatformIds.PC,
  ppt: PlatformIds.PPT,
};

/** Android, iOS (iPadOS reports itself as a Mac, but with touch) or a desktop. */
export function detectDeviceType(userAgent: string, maxTouchPoints = 0): DeviceType {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'pc';
}

function isTablet(userAgent: string, maxTouchPoints: number): boolean {
  if (/ipad/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1)) return true;
  return /android/i.test(userAgent) && !/mobile/i.test(userAgent);
}

/**
 * What kind of client this is, from the user agent and the shell's flags: a plain browser is always
 * 'web'; inside a shell the operating system and form factor decide between pc, pad and mobile app.
 */
export function detectSystemType(userAgent: string, flags: DeviceFlags = {}, maxTouchPoints = 0): DeviceInfo {
  const deviceType = detectDeviceType(userAgent, maxTouchPoints);
  const named = shellNamedIn(userAgent);
  const isDeviceShell = !!flags.isDeviceShell || !!flags.shell || named !== null;
  let kind: SystemKind = 'web';
  if (flags.shell) kind = flags.shell === 'mobile' ? 'mobileApp' : flags.shell;
  else if (named) kind = named;
  else if (isDeviceShell) kind = deviceType === 'pc' ? 'pc' : isTablet(userAgent, maxTouchPoints) ? 'pad' : 'mobileApp';
  return { deviceType, kind, systemType: KIND_TO_ID[kind], isDeviceShell };
}

/** Shells append their platform id to the user agent. */
function shellNamedIn(userAgent: string): SystemKind | null {
  const lower = userAgent.toLowerCase();
  for (const [kind, id] of Object.entries(KIND_TO_ID) as [SystemKind, SystemType][]) {
    if (kind !== 'web' && lower.includes(id)) return kind;
  }
  return null;
}

/** The part of the browser's `navigator` read here, typed locally so the server can type this module without the DOM's types. */
type Navigator = { userAgent: string; maxTouchPoints?: number };

/** The browser's own answer; only seam defaults read globals. */
export function browserDeviceInfo(flags: DeviceFlags = {}): DeviceInfo {
  const nav = (globalThis as { navigator?: Navigator }).navigator;
  if (!nav) return detectSystemType('', flags);
  return detectSystemType(nav.userAgent, flags, nav.maxTouchPoints ?? 0);
}
