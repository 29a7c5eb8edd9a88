/**
 * The stored status of an activity as an explicit state machine (docs/activities.md):
 *
 *   draft ──publish──▶ published ──withdraw──▶ withdrawn ──▶ draft      (only while nobody signed up)
 *                          ▲                        │
 *                          └────────republish───────┘
 *
 * Every other pair is refused with 409 naming both states. The phase (sign-up, upload, review, ended)
 * follows from the windows and is never set.
 */
import { ActivityStatus, ActivityStatuses } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';

type Status = (typeof ActivityStatus)[keyof typeof ActivityStatus];

const { DRAFT, PUBLISHED, WITHDRAWN } = ActivityStatus;

/** Why each illegal pair is refused (the from → to of the message says the rest). */
const REFUSALS: Record<Status, Partial<Record<Status, string>>> = {
  [DRAFT]: { [DRAFT]: '活动已是草稿', [WITHDRAWN]: '草稿状态的活动不能撤回' },
  [PUBLISHED]: { [PUBLISHED]: '活动已发布', [DRAFT]: '已发布的活动须先撤回' },
  [WITHDRAWN]: { [WITHDRAWN]: '活动已撤回' },
};

export const statusName = (status: number): string => ActivityStatuses.find(status)?.label ?? String(status);

/** Throws 409 when `from → to` is not an edge of the machine; the legal ones may still have conditions. */
export function assertTransition(from: number, to: number): void {
  const reason = REFUSALS[from as Status]?.[to as Status];
  if (reason === undefined) return;
  throw new AppError(Codes.CONFLICT, `${reason}：活动状态不能从「${statusName(from)}」改为「${statusName(to)}」`, { field: 'status' });
}

/** withdrawn → draft reopens every field, so it is refused once teachers hold sign-ups. */
export function assertBackToDraft(signUps: number): void {
  if (signUps > 0) {
    throw new AppError(
      Codes.CONFLICT,
      `已有 ${signUps} 位教师报名：活动状态不能从「${statusName(WITHDRAWN)}」改为「${statusName(DRAFT)}」，只能重新发布`,
      { field: 'status' },
    );
  }
}
