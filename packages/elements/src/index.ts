// React entry: components, hooks and the platform provider. Custom elements live in ./register.
export { Login, type LoginProps } from './login/Login.js';
export type { LoginSuccessDetail, LoginFailureDetail, LoginSettings } from './login/loginTypes.js';
export { loginMessages, type Messages as LoginMessages } from './login/messages.js';
export { PlatformProvider, usePlatform, type PlatformProviderProps } from './shared/PlatformContext.js';
export { getPlatform, scriptOrigin, type Platform } from './shared/platformRegistry.js';
export { useStore, type ReadableStore } from './shared/useStore.js';
export { dispatch } from './shared/dispatch.js';
