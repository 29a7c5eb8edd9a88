import { AuditLevels, type AuditLevelCode } from '@dscloud/sdk/activities';

/**
 * The review levels an organiser may use: its own level and those below (a city bureau: school,
 * district, city; a district bureau: school, district; a school: school). `organizationType` is the
 * current user's unit (1 city bureau, 2 district bureau, 3 school); an unknown unit offers all, and the
 * server refuses a level above the organiser's.
 */
export function levelsOfOrganiser(organizationType: number | string | undefined): AuditLevelCode[] {
  const type = Number(organizationType);
  const top = type === 1 ? 3 : type === 2 ? 2 : type === 3 ? 1 : 3;
  return AuditLevels.entries.map((l) => l.value).filter((level) => level <= top);
}

/** The levels an existing activity's form offers: the editor's and those it already uses. */
export function levelsForActivity(organizationType: number | string | undefined, used: readonly AuditLevelCode[]): AuditLevelCode[] {
  const mine = levelsOfOrganiser(organizationType);
  return [...new Set([...mine, ...used])].sort((a, b) => a - b);
}
