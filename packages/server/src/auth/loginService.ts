/**
 * The password login rules, in the order a caller meets them: IP limit, empty fields, the attempt
 * written down (loginFailures.ts), this client's lock on the account, captcha, then one RSA decryption and one scrypt verification. Every credential failure (unknown
 * user, wrong password, undecryptable ciphertext) costs the same work and gives the same 4200001.
 */
import { randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import type { RateLimiter } from '../http/rateLimiter.js';
import type { UsersRepo } from '../users/usersRepo.js';
import type { CaptchaService } from './captchaService.js';
import type { LoginFailures } from './loginFailures.js';
import { dummyHash, verifyPassword } from './password.js';
import { decryptPassword } from './rsaDecrypt.js';
import type { IssuedToken, TokenService } from './tokenService.js';

export interface LoginInput {
  username?: string;
  password?: string;
  code?: string;
  captchaToken?: string;
}

export interface LoginDeps {
  users: UsersRepo;
  tokens: TokenService;
  failures: LoginFailures;
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

  async login(input: LoginInput, ip: string): Promise<IssuedToken> {
    await this.countAttempt(ip);
    const username = (input.username ?? '').trim();
    if (username === '') throw new AppError(Codes.USERNAME_EMPTY);
    const cipher = (input.password ?? '').trim();
    if (cipher === '') throw new AppError(Codes.PASSWORD_EMPTY);

    const { failures, captcha, users, tokens } = this.deps;
    const attempt = await failures.begin(username, ip);
    if (attempt.locked) {
      await failures.forget(attempt.id);
      throw new AppError(Codes.LOGIN_RATE_LIMITED);
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
    await failures.reset(username);
    return tokens.issue(user.id, input.code ?? '');
  }

  /** Deploy-type login: the user name comes from a verified ticket, never from the caller. */
  async loginAs(username: string | null, ua: string): Promise<IssuedToken> {
    const user = username ? await this.deps.users.byUsername(username) : undefined;
    if (!user || user.disabled) throw new AppError(Codes.DEPLOY_LOGIN_FAILED);
    return this.deps.tokens.issue(user.id, ua);
  }
}
