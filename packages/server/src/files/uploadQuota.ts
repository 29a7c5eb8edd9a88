/**
 * Storage quotas: how many bytes and files each account may keep, by kind of account (teacher,
 * student, parent, back-office staff) with per-account overrides, all from the environment
 * (docs/security.md "Limits"). Used space is what the account's files take plus what its unfinished
 * uploads will take once complete, so a refused upload never leaves the account over its quota.
 */
import { Codes } from '@dscloud/sdk/errors';
import { BACKOFFICE_READ_ROLES } from '@dscloud/sdk/codes';
import { quotaFits, quotaMessage, type UploadQuota } from '@dscloud/sdk/files';
import { AppError } from '../http/appError.js';
import type { AuthUser } from '../http/guard.js';

/** Who stores: the account and its roles (the guard's `request.auth`). */
export type QuotaOwner = Pick<AuthUser, 'user' | 'roles'>;

export type QuotaClass = 'staff' | 'teacher' | 'student' | 'parent';

export interface Quota {
  maxBytes: number;
  maxFiles: number;
}

export interface QuotaSettings {
  byClass: Record<QuotaClass, Quota>;
  /** Overrides by user name. */
  byUser: Record<string, Quota>;
}

export interface Usage {
  usedBytes: number;
  usedFiles: number;
}


const MB = 1024 * 1024;
const GB = 1024 * MB;

export const CLASS_NAMES: Record<QuotaClass, string> = { staff: '管理人员', teacher: '教师', student: '学生', parent: '家长' };

/** Parents and students store a few works for activities; teachers store lessons; staff curate the catalogue. */
export const DEFAULT_QUOTAS: Record<QuotaClass, Quota> = {
  staff: { maxBytes: 50 * GB, maxFiles: 20_000 },
  teacher: { maxBytes: 20 * GB, maxFiles: 5_000 },
  student: { maxBytes: 1 * GB, maxFiles: 300 },
  parent: { maxBytes: 500 * MB, maxFiles: 100 },
};

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, m: MB, mb: MB, g: GB, gb: GB, t: 1024 * GB, tb: 1024 * GB };

/** `20GB/5000`, `500MB/100`, `0/0` (no uploads at all). */
export function parseQuota(name: string, raw: string): Quota {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*\/\s*(\d+)\s*$/.exec(raw);
  const unit = match ? UNITS[match[2]!.toLowerCase()] : undefined;
  if (!match || unit === undefined) throw new Error(`${name} 格式不正确：应为“容量/文件数”，例如 20GB/5000，当前为“${raw}”`);
  return { maxBytes: Math.floor(Number(match[1]) * unit), maxFiles: Number(match[3]) };
}

export function quotaSettingsFromEnv(env: NodeJS.ProcessEnv): QuotaSettings {
  const byClass = { ...DEFAULT_QUOTAS };
  for (const key of Object.keys(byClass) as QuotaClass[]) {
    const name = `UPLOAD_QUOTA_${key.toUpperCase()}`;
    if (env[name]) byClass[key] = parseQuota(`环境变量 ${name}`, env[name]!);
  }
  const byUser: Record<string, Quota> = {};
  for (const item of (env.UPLOAD_QUOTA_USERS ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new Error(`环境变量 UPLOAD_QUOTA_USERS 格式不正确：应为“用户名=容量/文件数”，当前为“${item}”`);
    byUser[item.slice(0, eq).trim()] = parseQuota(`环境变量 UPLOAD_QUOTA_USERS 中的 ${item.slice(0, eq).trim()}`, item.slice(eq + 1));
  }
  return { byClass, byUser };
}

const STAFF = new Set<string>(BACKOFFICE_READ_ROLES);

export function quotaClassOf(auth: QuotaOwner): QuotaClass {
  if (auth.roles.some((r) => STAFF.has(r.roleCode))) return 'staff';
  if (auth.user.identityCode === 5) return 'teacher';
  if (auth.user.identityCode === 7) return 'parent';
  return 'student';
}

export class UploadQuotas {
  constructor(
    readonly settings: QuotaSettings,
    private readonly usageOf: (userId: string, excludeUploadId?: number) => Promise<Usage>,
  ) {}

  private limitOf(auth: QuotaOwner): { quotaClass: QuotaClass; quota: Quota } {
    const quotaClass = quotaClassOf(auth);
    return { quotaClass, quota: this.settings.byUser[auth.user.username] ?? this.settings.byClass[quotaClass] };
  }

  async view(auth: QuotaOwner): Promise<UploadQuota> {
    const { quotaClass, quota } = this.limitOf(auth);
    const usage = await this.usageOf(auth.user.id);
    return {
      quotaClass,
      quotaClassName: CLASS_NAMES[quotaClass],
      ...quota,
      ...usage,
      leftBytes: Math.max(0, quota.maxBytes - usage.usedBytes),
      leftFiles: Math.max(0, quota.maxFiles - usage.usedFiles),
    };
  }

  /**
   * Refuses (2510109, naming the quota, what is used and what is left) when one more file of `bytes`
   * would not fit. `uploadId` is an upload already counted in the usage: it is left out and re-added.
   */
  async ensureRoom(auth: QuotaOwner, bytes: number, uploadId?: number): Promise<void> {
    const { quotaClass, quota } = this.limitOf(auth);
    const usage = await this.usageOf(auth.user.id, uploadId);
    if (quotaFits({ ...quota, ...usage }, bytes)) return;
    throw new AppError(Codes.NO_UPLOAD_PERMISSION, quotaMessage({ quotaClassName: CLASS_NAMES[quotaClass], ...quota, ...usage }, bytes));
  }
}
