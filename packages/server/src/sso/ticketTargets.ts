/**
 * Where a ticket may send a user: only the URLs an administrator configured in the platform settings
 * for the named target (the client names a target, never a URL, so there is no open redirect), and
 * the AI assistant only for users of the configured bureau.
 */
import { Codes } from '@dscloud/sdk/errors';
import { SSO_TARGET_SETTINGS, type SsoTarget } from '@dscloud/sdk/sso';
import type { PlatformConfig } from '../config/platformConfig.js';
import { AppError } from '../http/appError.js';
import type { UsersRepo } from '../users/usersRepo.js';

const AI_BUREAU_KEY = 'common.ai.bureauId';

/** The target's configured URL, http(s) only; refused with 4040201 when there is none. */
export async function targetUrl(config: PlatformConfig, target: SsoTarget): Promise<URL> {
  const raw = (await config.value(SSO_TARGET_SETTINGS[target])).trim();
  let url: URL | null = null;
  try {
    url = raw ? new URL(raw) : null;
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new AppError(Codes.SSO_TARGET_NOT_CONFIGURED, undefined, { field: 'target' });
  }
  return url;
}

/** The AI assistant is for the configured bureau's users only (the user's unit or one above it). */
export async function assertTargetAllowed(config: PlatformConfig, users: UsersRepo, target: SsoTarget, orgId: string): Promise<void> {
  if (target !== 'aiAssistant') return;
  const bureauId = (await config.value(AI_BUREAU_KEY)).trim();
  const chain = bureauId ? await users.orgChain(orgId) : [];
  if (!chain.some((org) => org.id === bureauId)) throw new AppError(Codes.SSO_TARGET_FORBIDDEN, '智能助手仅对本局用户开放', { field: 'target' });
}
