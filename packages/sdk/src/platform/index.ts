export { createPlatform, type Platform, type PlatformOptions } from './createPlatform.js';
