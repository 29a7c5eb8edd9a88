/**
 * Who enters the back-office and how far (spec §6 role codes; docs/roles.md has the whole matrix). The
 * role sets are the SDK's (`@dscloud/sdk/codes`), so the portal's menu and the server's gate agree.
 */
import { BACKOFFICE_CITY_ROLES, BACKOFFICE_READ_ROLES, BACKOFFICE_WRITE_ROLES } from '@dscloud/sdk/codes';

export { PLATFORM_WIDE_ROLES } from '@dscloud/sdk/codes';

/** How much of the back-office a route opens: see `managed()` in access.ts. */
export type ManageAccess = 'write' | 'read' | 'city';

export const ROLES_BY_ACCESS: Record<ManageAccess, readonly string[]> = {
  write: BACKOFFICE_WRITE_ROLES,
  read: BACKOFFICE_READ_ROLES,
  city: BACKOFFICE_CITY_ROLES,
};
