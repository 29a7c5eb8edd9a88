export {
  PlatformIds,
  detectSystemType,
  detectDeviceType,
  browserDeviceInfo,
  type SystemType,
  type SystemKind,
  type DeviceType,
  type DeviceFlags,
  type DeviceInfo,
} from './systemType.js';
export type { CaptchaPuzzle } from './captchaPuzzle.js';
