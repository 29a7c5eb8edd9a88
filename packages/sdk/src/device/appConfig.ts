/**
 * The application configuration of spec §3: what kind of app the page runs in. A shell announces it
 * when the bridge connects; in a browser it is derived from the device. It is loaded once like the
 * other configuration and frozen (a write throws).
 */
import { PlatformIds, type DeviceInfo, type DeviceType, type SystemType } from './systemType.js';
import { deepFreeze } from '../util/deepFreeze.js';

export interface AppConfig {
  deviceType: DeviceType;
  isDeviceShell: boolean;
  /** The platform id (spec §9) the app sends as `ua`. */
  systemType: SystemType;
  /** The page shows its own login form (web); false when the shell logs the user in and hands the token over. */
  withLogin: boolean;
  /** The shell's state of the platform (e.g. its deployment), passed through; '' on the web. */
  platformState: string;
  /** The shell's cloud variant, passed through; '' on the web. */
  cloudType: string;
  /** The courseware format the shell plays, passed through; '' on the web. */
  courseWareType: string;
  /** The app build is in certification (app-store review): the shell hides what reviewers may not see. */
  isAppCertification: boolean;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value.slice(0, 64) : fallback);
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/**
 * The frozen configuration: the browser's facts, overridden by what a shell announced (only known
 * fields of the right type are taken; a shell never changes `deviceType` to something unknown).
 */
export function appConfigOf(device: DeviceInfo, announced: Partial<Record<keyof AppConfig, unknown>> = {}): Readonly<AppConfig> {
  const shell = device.isDeviceShell || announced.isDeviceShell === true;
  const deviceType = announced.deviceType === 'android' || announced.deviceType === 'ios' || announced.deviceType === 'pc' ? announced.deviceType : device.deviceType;
  return deepFreeze({
    deviceType,
    isDeviceShell: shell,
    systemType: (Object.values(PlatformIds) as unknown[]).includes(announced.systemType) ? (announced.systemType as SystemType) : device.systemType,
    withLogin: flag(announced.withLogin, !shell),
    platformState: text(announced.platformState, ''),
    cloudType: text(announced.cloudType, ''),
    courseWareType: text(announced.courseWareType, ''),
    isAppCertification: flag(announced.isAppCertification, false),
  });
}
