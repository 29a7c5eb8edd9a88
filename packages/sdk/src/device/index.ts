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
export { appConfigOf, type AppConfig } from './appConfig.js';
export {
  BRIDGE_TAG,
  BRIDGE_VERSION,
  BRIDGE_TIMEOUTS,
  type DeviceBridge,
  type BridgeMethod,
  type PageMessage,
  type ShellMessage,
  type ShellLogin,
  type PickedFile,
} from './bridge.js';
export { createWebBridge, type WebBridgeOptions } from './webBridge.js';
export {
  connectShellBridge,
  type ShellBridge,
  type ShellBridgeOptions,
  type MessageHost,
  type MessageInbox,
  type MessageEventLike,
} from './shellBridge.js';
