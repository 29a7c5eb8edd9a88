import { BACKOFFICE_CITY_ROLES, BACKOFFICE_READ_ROLES, BACKOFFICE_WRITE_ROLES } from '@dscloud/sdk/codes';
import type { CurrentUser } from '@dscloud/sdk/user';
import { useBoot, useCurrentUser } from '../../platform/hooks';
import { firstScreenFor } from '../managementRoutes';

/**
 * What a back-office screen needs, as the server's gate says it (`managed(ctx, access)`):
 * `read` administrators and researchers, `write` administrators, `city` the city bureau and the
 * cloud-school administrator, `audit` the activity reviewers. The portal only hides what the server
 * would refuse anyway.
 */
export type MgmtAccess = 'read' | 'write' | 'city' | 'audit';

const WRITE: readonly string[] = BACKOFFICE_WRITE_ROLES;
const READ: readonly string[] = BACKOFFICE_READ_ROLES;
const CITY: readonly string[] = BACKOFFICE_CITY_ROLES;

export function rightsOf(user: CurrentUser | null, auditPerson: boolean): ReadonlySet<MgmtAccess> {
  const roles = new Set((user?.roleVOList ?? []).map((role) => role.roleCode));
  const has = (codes: readonly string[]) => codes.some((code) => roles.has(code));
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

/**
 * The first back-office screen the signed-in user may use (`firstScreenFor`), null while signed out or
 * loading and when there is none; `only` for the screens of one right (作品评审: `audit`).
 */
export function useBackOfficeScreen(only?: MgmtAccess): string | null {
  return firstScreenFor(useMgmtRights(), only);
}
