/**
 * @dscloud/sdk: the framework-free core of the DS cloud school platform. `createPlatform()` wires
 * everything for one API origin; the sub-entries (`@dscloud/sdk/http`, `/session`, `/auth`, `/config`,
 * `/user`, `/device`, `/codes`, `/errors`, `/i18n`, `/testing`) expose the parts on their own.
 */
export { createPlatform, type Platform, type PlatformOptions } from './platform/createPlatform.js';
export * from './errors/index.js';
export * from './i18n/index.js';
export * from './http/index.js';
export * from './session/index.js';
export * from './auth/index.js';
export * from './config/index.js';
export * from './user/index.js';
export * from './device/index.js';
export * from './codes/index.js';
export type { Clock } from './util/clock.js';
export { systemClock } from './util/clock.js';
export type { ReadonlyStore } from './util/readonlyStore.js';
