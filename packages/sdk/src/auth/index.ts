export { createAuth, CAPTCHA_SUCCESS_DELAY, type Auth, type AuthOptions, type Credentials, type LoginNotice } from './auth.js';
export {
  loginTransition,
  initialLoginState,
  type LoginState,
  type LoginStatus,
  type LoginEvent,
} from './loginMachine.js';
export { sanitizeReturnUrl, readQuery } from './returnUrl.js';
export {
  readDeployParams,
  isDeployAttempt,
  deployFailureDialog,
  type DeployParams,
  type DeployFailureDialog,
} from './deploy.js';
export { encryptPassword, type EncryptPassword } from './encrypt.js';
export { readLoginUrlData, writeLoginUrlData, type LoginUrlData } from './loginUrlData.js';
export {
  fetchCaptcha,
  verifyCaptcha,
  wechatLoginParam,
  fetchPublicKey,
  fetchLoginMode,
  fetchLoginUrl,
  type CaptchaPuzzle,
} from './authApi.js';
