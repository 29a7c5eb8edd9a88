/**
 * What every statistics call shares: the organiser's activity (in the caller's subtree), the zero work
 * counts, and the code tables' names.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { localeOf, ok } from '../http/envelope.js';
import { PublicPageCache } from '../lessons/publicPageCache.js';
import { AuditLevels } from '@dscloud/sdk/activities';
import type { WorkCounts } from '@dscloud/sdk/review';
import { assertInScope } from '../management/orgScope.js';
import { loadActivity, type ActivityRow } from '../activities/activityAccess.js';
import { ManagedActivities } from './managedActivities.js';

export const STA = '/cloudSchool/v1';

const activityCaches = new WeakMap<AppContext, ManagedActivities>();

/** The server's cache of the activities statistics calls name (one per server, on its bus). */
export function managedActivities(ctx: AppContext): ManagedActivities {
  let found = activityCaches.get(ctx);
  if (!found) activityCaches.set(ctx, (found = new ManagedActivities(ctx.bus, (id) => loadActivity(ctx.db.orm, id))));
  return found;
}

/**
 * The activity, when its organiser lies in the caller's subtree (404 unknown, 403 outside). Checked on
 * every request, from memory: the activity from `managedActivities`, the subtree from `request.scope`.
 */
export async function managedActivity(ctx: AppContext, request: FastifyRequest, activityId: string): Promise<ActivityRow> {
  const row = await managedActivities(ctx).get(activityId);
  assertInScope(request.scope, row.orgId, 'activityId');
  return row;
}

export const ZERO_COUNTS: WorkCounts = { works: 0, submitted: 0, pending: 0, returned: 0, passed: 0, rejected: 0, excellent: 0 };

export const levelName = (level: number): string => AuditLevels.find(level)?.label ?? String(level);

/** Header labels of the work counts, for the exports. */
export const COUNT_COLUMNS: Array<{ header: string; key: keyof WorkCounts }> = [
  { header: '作品数', key: 'works' },
  { header: '已提交', key: 'submitted' },
  { header: '评审中', key: 'pending' },
  { header: '已退回', key: 'returned' },
  { header: '已通过', key: 'passed' },
  { header: '未通过', key: 'rejected' },
  { header: '优秀作品', key: 'excellent' },
];

/** How old a statistics answer may be: a dashboard asked by many at once costs one query set per activity. */
export const STATS_CACHE_MS = 5_000;

/**
 * Answers the serialized envelope from the statistics cache (loaded once for concurrent callers, kept
 * `STATS_CACHE_MS`, refreshed in the background after that), keyed by the activity and the query (the
 * figures do not depend on who asks). Callers check the caller's scope first (`managedActivity`, from
 * memory): the cache only saves the figures' queries, never the permission check.
 */
export async function cachedAnswer(cache: PublicPageCache, request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<unknown>): Promise<Buffer> {
  const locale = localeOf(request);
  const bytes = await cache.get(`${key}|${locale}`, async () => ok(await load(), locale));
  reply.type('application/json; charset=utf-8');
  return bytes;
}

export const newStatsCache = (ctx: AppContext): PublicPageCache =>
  new PublicPageCache(STATS_CACHE_MS, ctx.settings.limits.pageCacheMaxEntries, Date.now, Math.random, ctx.settings.limits.pageCacheMaxBytes);
