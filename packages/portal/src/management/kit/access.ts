import type { CurrentUser } from '@dscloud/sdk/user';
import { useBoot, useCurrentUser } from '../../platform/hooks';

/**
 * What a back-office screen needs, as the server's gate says it (`managed(ctx, access)`):
 * `read` administrators and researchers, `write` administrators, `city` the city bureau and the
 * cloud-school administrator, `audit` the activity reviewers. The portal only hides what the server
 * would refuse anyway.
 */
export type MgmtAccess = 'read' | 'write' | 'city' | 'audit';

const WRITE = ['CITY_BUREAU_ADMIN', 'DISTRICT_BUREAU_ADMIN', 'SCHOOL_ADMIN', 'CC_YXGLY'];
const READ = [...WRITE, 'CITY_BUREAU_RESEARCHER', 'DISTRICT_BUREAU_RESEARCHER', 'RESEARCHER'];
const CITY = ['CITY_BUREAU_ADMIN', 'CC_YXGLY'];

export function rightsOf(user: CurrentUser | null, auditPerson: boolean): ReadonlySet<MgmtAccess> {
  const roles = new Set((user?.roleVOList ?? []).map((role) => role.roleCode));
  const has = (codes: string[]) => codes.some((code) => roles.has(code));
  const rights = new Set<MgmtAccess>();
  if (has(READ)) rights.add('read');
  if (has(WRITE)) rights.add('write');
  if (has(CITY)) rights.add('city');
  if (auditPerson) rights.add('audit');
  return rights;
}

/** The signed-in user's back-office rights (empty while signed out or loading). */
export function useMgmtRights(): ReadonlySet<MgmtAccess> {
  const user = useCurrentUser();
  const { auditPerson } = useBoot();
  return rightsOf(user, auditPerson === true);
}
