/**
 * How far an organiser reaches into an activity's review: the whole of it when the activity's organiser
 * is inside their subtree; the part under their own organisation when the activity reaches them from
 * above (a district administrator assigns the reviewers of their district and schools for a city
 * activity); otherwise 403 「不在您的管理范围内」.
 */
import type { FastifyRequest } from 'fastify';
import { BACKOFFICE_READ_ROLES } from '@dscloud/sdk/codes';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { loadActivity, orgChainIds, type ActivityRow } from '../activities/activityAccess.js';

export interface OrganiserReach {
  activity: ActivityRow;
  /** Null: every organisation of the activity; else only these. */
  orgIds: readonly string[] | null;
  covers(orgId: string | null | undefined): boolean;
}

export async function organiserReach(ctx: AppContext, request: FastifyRequest, activityId: string): Promise<OrganiserReach> {
  const activity = await loadActivity(ctx.db.orm, activityId);
  const scope = request.scope!;
  if (scope.covers(activity.orgId)) return { activity, orgIds: null, covers: () => true };
  const roots = (request.auth?.roles ?? []).filter((r) => (BACKOFFICE_READ_ROLES as readonly string[]).includes(r.roleCode) && r.orgId).map((r) => r.orgId!);
  for (const root of roots) {
    if ((await orgChainIds(ctx.db.orm, root)).includes(activity.orgId)) return { activity, orgIds: scope.orgIds, covers: (id) => scope.covers(id) };
  }
  throw new AppError(Codes.FORBIDDEN, '不在您的管理范围内', { field: 'activityId' });
}
