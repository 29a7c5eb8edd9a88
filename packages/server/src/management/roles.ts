/**
 * Who enters the back-office and how far (spec §6 role codes; docs/roles.md has the whole matrix).
 * Administrators manage; researchers read; the city bureau's administrators alone change what is the
 * whole platform's (settings, the audit log).
 */

/** Manage the records of their organisation's subtree. */
export const WRITE_ROLES = ['CITY_BUREAU_ADMIN', 'DISTRICT_BUREAU_ADMIN', 'SCHOOL_ADMIN', 'CC_YXGLY'] as const;

/** Read the back-office tables of their subtree. */
export const READ_ROLES = [...WRITE_ROLES, 'CITY_BUREAU_RESEARCHER', 'DISTRICT_BUREAU_RESEARCHER', 'RESEARCHER'] as const;

/** Platform-wide settings and the audit log. */
export const CITY_ROLES = ['CITY_BUREAU_ADMIN', 'CC_YXGLY'] as const;

/** Roles whose reach is the whole platform, whatever organisation the role is held in. */
export const PLATFORM_WIDE_ROLES: readonly string[] = ['CITY_BUREAU_ADMIN', 'CC_YXGLY', 'CITY_BUREAU_RESEARCHER'];

/** How much of the back-office a route opens: see `managed()` in access.ts. */
export type ManageAccess = 'write' | 'read' | 'city';

export const ROLES_BY_ACCESS: Record<ManageAccess, readonly string[]> = {
  write: WRITE_ROLES,
  read: READ_ROLES,
  city: CITY_ROLES,
};
