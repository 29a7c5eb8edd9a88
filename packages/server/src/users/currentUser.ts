/**
 * The current-user answer of spec §3, assembled from the user, its roles and its organisation chain.
 * `bureauId` is the unit the account belongs to (a school for teachers, students and parents; the
 * bureau itself for bureau staff); parent/top describe that unit's place in the tree.
 */
import { OrgType } from './orgTypes.js';
import { roleNameOf } from './roleNames.js';
import type { OrgRow, RoleRow, UserRow, UsersRepo } from './usersRepo.js';

export interface RoleVO {
  roleCode: string;
  roleName: string;
  level: number;
}

export interface CurrentUser {
  identityCode: number;
  baseUserId: string;
  loginName: string;
  userName: string;
  sex: string;
  bureauId: string;
  bureauName: string;
  districtId: string | null;
  districtName: string | null;
  classId: string | null;
  className: string | null;
  stageCode: string | null;
  simplifiedSpelling: string;
  avatarFileid: string;
  /** A signed link an `<img>` can load (the download route wants the token header); '' without an avatar. */
  avatarUrl: string;
  yjToken: string;
  roleVOList: RoleVO[];
  organizationType: number;
  parentOrgType: number | null;
  parentOrgName: string | null;
  parentOrgId: string | null;
  topOrgType: number;
  topOrgName: string;
  topOrgId: string;
}

export async function currentUserOf(repo: UsersRepo, user: UserRow, roles: RoleRow[], fileUrl: (fileInfoId: string) => string): Promise<CurrentUser> {
  const chain = await repo.orgChain(user.orgId);
  const unit = chain[0];
  if (!unit) throw new Error(`用户 ${user.username} 的所属机构 ${user.orgId} 不存在`);
  const parent: OrgRow | undefined = chain[1];
  const top = chain[chain.length - 1] ?? unit;
  const district = chain.find((o) => o.orgType === OrgType.DISTRICT_BUREAU);
  const [klass] = user.classId ? await repo.orgsByIds([user.classId]) : [];
  return {
    identityCode: user.identityCode,
    baseUserId: user.id,
    loginName: user.username,
    userName: user.displayName,
    sex: user.sex,
    bureauId: unit.id,
    bureauName: unit.name,
    districtId: district?.id ?? null,
    districtName: district?.name ?? null,
    classId: klass?.id ?? null,
    className: klass?.name ?? null,
    stageCode: user.stageCode ?? unit.stageCode ?? null,
    simplifiedSpelling: unit.shortName,
    avatarFileid: user.avatarFileId ?? '',
    avatarUrl: user.avatarFileId ? fileUrl(user.avatarFileId) : '',
    yjToken: '',
    roleVOList: roles.map((r) => ({ roleCode: r.roleCode, roleName: roleNameOf(r.roleCode), level: r.level })),
    organizationType: unit.orgType,
    parentOrgType: parent?.orgType ?? null,
    parentOrgName: parent?.name ?? null,
    parentOrgId: parent?.id ?? null,
    topOrgType: top.orgType,
    topOrgName: top.name,
    topOrgId: top.id,
  };
}
