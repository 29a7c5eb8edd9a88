/**
 * Where a work sits for the review, copied onto the work when it is saved and submitted (so reviewers
 * filter without joining the sign-up): the sign-up's stage and subject, the school's district, and the
 * node's book (null for a knowledge node).
 */
import { eq } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { activitySignUps, lessonNodes } from '../db/schema.js';
import { teacherOrgs } from '../activityWorks/orgs.js';

export interface WorkPlacement {
  stage: number;
  subjectCode: number;
  districtId: string | null;
  bookId: string | null;
}

export async function workPlacement(db: Orm, signUpId: string, nodeId: string): Promise<WorkPlacement | null> {
  const [[signUp], [node]] = await Promise.all([
    db.select().from(activitySignUps).where(eq(activitySignUps.id, signUpId)),
    db.select({ bookId: lessonNodes.bookId }).from(lessonNodes).where(eq(lessonNodes.id, nodeId)),
  ]);
  if (!signUp) return null;
  const districtId = signUp.districtId ?? (await teacherOrgs(db, signUp.schoolId)).districtId;
  return { stage: signUp.stage, subjectCode: signUp.subjectCode, districtId, bookId: node?.bookId ?? null };
}
