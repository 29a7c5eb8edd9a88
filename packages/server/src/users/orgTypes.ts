/** Organisation levels of the tree; `organizationType` in the current-user answer uses these numbers. */
export const OrgType = {
  CITY_BUREAU: 1,
  DISTRICT_BUREAU: 2,
  SCHOOL: 3,
  CLASS: 4,
} as const;

export type OrgTypeCode = (typeof OrgType)[keyof typeof OrgType];

/** User identities of spec §6. */
export const Identity = { TEACHER: 5, STUDENT: 6, PARENT: 7 } as const;
