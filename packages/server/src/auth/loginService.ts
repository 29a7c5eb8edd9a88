/**
 * The password login rules, in the order a caller meets them: IP limit, empty fields, the attempt
 * written down (loginFailures.ts), this client's lock on the account, a captcha token when one is due,
 * the account-wide delay for unknown devices, the token used up, then one RSA decryption and one
 * scrypt verification. Every credential failure (unknown
 * user, wrong password, undecryptable ciphertext) costs the same work and gives the same 4200001.
 */
import { randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import type { RateLimiter } from '../http/rateLimiter.js';
import type { UsersRepo } from '../users/usersRepo.js';
import type { CaptchaService } from './captchaService.js';
import type { LoginDevices } from './loginDevices.js';
import type { LoginFailures, RecentFailures } from './loginFailures.js';
import { dummyHash, verifyPassword } from './password.js';
import { decryptPassword } from './rsaDecrypt.js';
import type { IssuedToken, TokenService } from './tokenService.js';

export interface LoginInput {
  username?: string;
  password?: string;
  code?: string;
  captchaToken?: string;
  /** The device token this browser was given at an earlier login of this account (loginDevices.ts). */
  deviceToken?: string;
}

/** A password login's answer: the access token, the device token, and failures the owner should know of. */
export interface PasswordLogin extends IssuedToken {
  deviceToken: string;
  /** Failed attempts on the account from other addresses or devices in the last 24 hours, when any. */
  failedLogins?: RecentFailures;
}

export interface LoginDeps {
  users: UsersRepo;
  tokens: TokenService;
  failures: LoginFailures;
  devices: LoginDevices;
  captcha: CaptchaService;
  ipLimiter: RateLimiter;
  privateKey: () => KeyObject;
}

export class LoginService {
  constructor(private readonly deps: LoginDeps) {}

  /** Per-IP attempt budget shared by every login form; throws 4290001 when spent. */
  async countAttempt(ip: string): Promise<void> {
    if (!(await this.deps.ipLimiter.attempt(ip))) throw new AppError(Codes.LOGIN_RATE_LIMITED);
  }

  async login(input: LoginInput, ip: string): Promise<PasswordLogin> {
    await this.countAttempt(ip);
    const username = (input.username ?? '').trim();
    if (username === '') throw new AppError(Codes.USERNAME_EMPTY);
    const cipher = (input.password ?? '').trim();
    if (cipher === '') throw new AppError(Codes.PASSWORD_EMPTY);

    const { failures, devices, captcha, users, tokens } = this.deps;
    const device = await devices.recognise(username, input.deviceToken);
    const attempt = await failures.begin(username, ip, device);
    if (attempt.locked) {
      await failures.forget(attempt.id);
      throw new AppError(Codes.LOGIN_RATE_LIMITED);
    }
    // Without a captcha token the captcha comes first: the form shows the puzzle, and a solved one is
    // not used up by an attempt the delay holds.
    if (attempt.captchaRequired && !input.captchaToken) {
      await failures.forget(attempt.id);
      throw new AppError(Codes.CAPTCHA_REQUIRED);
    }
    if (attempt.retryAfterMs !== undefined) {
      await failures.forget(attempt.id);
      throw accountDelayed(attempt.retryAfterMs);
    }
    if (attempt.captchaRequired && !(await captcha.consume(username, input.captchaToken))) {
      await failures.forget(attempt.id);
      throw new AppError(Codes.CAPTCHA_REQUIRED);
    }

    // Implicit rejection: an undecryptable password becomes a random one and takes the normal path.
    const password = decryptPassword(this.deps.privateKey(), cipher) ?? randomBytes(24).toString('base64');
    const user = await users.byUsername(username);
    const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (!user || !matches) {
      await failures.fail(attempt.id);
      throw new AppError(Codes.WRONG_CREDENTIALS);
    }
    await failures.forget(attempt.id);
    if (user.disabled) throw new AppError(Codes.USER_FORBIDDEN);
    const failedLogins = await failures.recent(username, { ip, device });
    await failures.reset(username);
    const deviceToken = await devices.remember(user.id, input.deviceToken, device);
    const issued = await tokens.issue(user.id, input.code ?? '');
    return { ...issued, deviceToken, ...(failedLogins.count > 0 ? { failedLogins } : {}) };
  }

  /** Deploy-type login: the user name comes from a verified ticket, never from the caller. */
  async loginAs(username: string | null, ua: string): Promise<IssuedToken> {
    const user = username ? await this.deps.users.byUsername(username) : undefined;
    if (!user || user.disabled) throw new AppError(Codes.DEPLOY_LOGIN_FAILED);
    return this.deps.tokens.issue(user.id, ua);
  }
}

/** 4290002: the account-wide delay holds attempts from unknown devices; the wait is named and sent as Retry-After. */
function accountDelayed(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait = seconds >= 60 ? `${Math.ceil(seconds / 60)} 分钟` : `${seconds} 秒`;
  return new AppError(
    Codes.ACCOUNT_LOGIN_DELAYED,
    `该账号近期在其他设备上多次密码错误，为保护账号，请 ${wait}后再试；在您曾登录过的设备上可直接登录`,
    { data: { retryAfter: seconds }, retryAfterSeconds: seconds },
  );
}
