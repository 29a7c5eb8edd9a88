/** What every route module receives: settings, the database and the domain services, built once in app.ts. */
import type { Database } from './db/database.js';
import type { Guard } from './http/guard.js';
import type { Settings } from './settings.js';
import type { RsaKeys } from './auth/rsaKeys.js';
import type { TokenService } from './auth/tokenService.js';
import type { SessionCache } from './auth/sessionCache.js';
import type { InvalidationBus } from './cache/invalidationBus.js';
import type { LoginService } from './auth/loginService.js';
import type { CaptchaService } from './auth/captchaService.js';
import type { LoginFailures } from './auth/loginFailures.js';
import type { LoginDevices } from './auth/loginDevices.js';
import type { RateLimiter } from './http/rateLimiter.js';
import type { UsersRepo } from './users/usersRepo.js';
import type { MediaLinks } from './files/mediaLinks.js';
import type { PlatformConfig } from './config/platformConfig.js';

export interface AppContext {
  settings: Settings;
  db: Database;
  now: () => number;
  guard: Guard;
  keys: RsaKeys;
  secret: string;
  /** Signed links for stored files shown by `<video>`/`<img>` (no token header there). */
  media: MediaLinks;
  users: UsersRepo;
  tokens: TokenService;
  /** Token → user and roles in memory, dropped at once by any change (auth/sessionCache.ts). */
  sessions: SessionCache;
  /** Tells every process over the same database that cached data changed (cache/invalidationBus.ts). */
  bus: InvalidationBus;
  login: LoginService;
  captcha: CaptchaService;
  failures: LoginFailures;
  /** Devices each account signed in on, exempt from the account-wide delay (auth/loginDevices.ts). */
  devices: LoginDevices;
  /** Captcha puzzles and answers per client IP and minute, shared by every server (http/rateLimiter.ts). */
  captchaLimiter: RateLimiter;
  /** The global configuration, cached for the public reads and dropped on a save. */
  config: PlatformConfig;
}
