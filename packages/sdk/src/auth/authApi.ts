import type { CaptchaPuzzle } from '../device/captchaPuzzle.js';
import type { HttpClient } from '../http/client.js';

export type { CaptchaPuzzle } from '../device/captchaPuzzle.js';

const quiet = { public: true, silent: true } as const;

export function fetchPublicKey(http: HttpClient): Promise<string> {
  return http.get<{ publicKey: string }>(http.paths.cas('/publicKey'), undefined, quiet).then((data) => data.publicKey);
}

export function fetchCaptcha(http: HttpClient, username: string): Promise<CaptchaPuzzle> {
  return http.get<CaptchaPuzzle>(http.paths.cas('/captcha'), { username: username.trim() }, quiet);
}

/** A right answer gives the single-use token `captchaSolved()` needs; a wrong one kills the puzzle (4200007). */
export function verifyCaptcha(http: HttpClient, captchaId: string, x: number): Promise<string> {
  return http
    .post<{ captchaToken: string }>(http.paths.cas('/captcha/verify'), { captchaId, x: Math.round(x) }, quiet)
    .then((data) => data.captchaToken);
}

/** The URL of the WeChat QR frame, carrying a single-use state. */
export function wechatLoginParam(http: HttpClient, areaCode?: string): Promise<string> {
  return http.post<string>(http.paths.cas('/wechat/getLoginParam'), areaCode ? { areaCode } : {}, quiet);
}

export function fetchLoginMode(http: HttpClient): Promise<number> {
  return http
    .get<{ loginMode: number | string }>(http.paths.cas('/cm/loginMode'), { mode: 'web' }, quiet)
    .then((data) => Number(data?.loginMode ?? 0));
}

export function fetchLoginUrl(http: HttpClient): Promise<string> {
  return http.get<{ loginUrl: string }>(http.paths.cas('/cm/loginUrl'), { page: 'web' }, quiet).then((d) => d.loginUrl);
}
