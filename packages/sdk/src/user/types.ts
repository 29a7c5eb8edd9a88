export interface RoleVO {
  roleCode: string;
  level?: number | string | null;
  roleName?: string;
}

/** `GET {base}/v1/user/current` (spec §3). */
export interface CurrentUser {
  identityCode: number | string;
  baseUserId: string | number;
  userName: string;
  /** '1' male, anything else female. */
  sex?: string;
  bureauId?: string | number;
  bureauName?: string;
  districtId?: string | number;
  classId?: string | number;
  className?: string;
  stageCode?: number | string;
  simplifiedSpelling?: string;
  avatarFileid?: string | number;
  /** Reference server: a signed address of the avatar an `<img>` can load without the token header. */
  avatarUrl?: string;
  yjToken?: string;
  roleVOList?: RoleVO[];
  organizationType?: number | string;
  parentOrgType?: number | string;
  parentOrgName?: string;
  parentOrgId?: string | number;
  topOrgType?: number | string;
  topOrgName?: string;
  topOrgId?: string | number;
}

export interface AdminInfo {
  isAdmin: boolean;
  /** Levels of the user's admin roles, ascending; the first is the highest. */
  adminLevel: readonly number[];
  adminTopLevel: number;
}

export interface ResearcherInfo {
  isResearcher: boolean;
  researcherLevel: readonly number[];
  researcherTopLevel: number;
}

export interface ClassTeacherInfo {
  isClassTeacher: boolean;
}

export interface TeachingDirectorInfo {
  isTeachingDirector: boolean;
}
