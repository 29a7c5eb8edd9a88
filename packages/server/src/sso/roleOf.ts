import { IdentityCodes } from '@dscloud/sdk/codes';

/** The role a ticket names: the user's identity (spec §1: teacher 5, student 6, parent 7). */
export function roleOf(identityCode: number): string {
  if (identityCode === IdentityCodes.TEACHER) return 'teacher';
  if (identityCode === IdentityCodes.STUDENT) return 'student';
  if (identityCode === IdentityCodes.PARENT) return 'parent';
  return 'other';
}
