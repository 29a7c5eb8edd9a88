/**
 * What the organiser may do with an activity in each status (docs/activities.md): the server decides
 * and refuses anything else with 409; the table offers only the legal actions. A withdrawn activity
 * cannot be edited (only looked at) until it is back in draft.
 *
 *   draft ──发布──▶ published ──撤回──▶ withdrawn ──退回草稿 (while nobody signed up)──▶ draft
 *                        ▲                   │
 *                        └──────重新发布──────┘
 */
import { ActivityStatus, type ActivitySummary } from '@dscloud/sdk/activities';

export type ActivityAction = 'edit' | 'view' | 'publish' | 'withdraw' | 'toDraft' | 'republish' | 'delete' | 'works';

type Row = Pick<ActivitySummary, 'status' | 'signUpCount'>;

/** The actions offered on a row, in the order the buttons show. */
export function actionsFor(row: Row): ActivityAction[] {
  const signedUp = row.signUpCount > 0;
  switch (row.status) {
    case ActivityStatus.DRAFT:
      return ['edit', 'publish', 'delete'];
    case ActivityStatus.PUBLISHED:
      return ['edit', 'withdraw', 'works'];
    case ActivityStatus.WITHDRAWN:
      return signedUp ? ['view', 'republish', 'works'] : ['view', 'toDraft', 'republish', 'delete'];
    default:
      return [];
  }
}

/** The status `set/status` is asked for by an action (null: the action is not a status change). */
export function targetStatus(action: ActivityAction): number | null {
  if (action === 'publish' || action === 'republish') return ActivityStatus.PUBLISHED;
  if (action === 'withdraw') return ActivityStatus.WITHDRAWN;
  if (action === 'toDraft') return ActivityStatus.DRAFT;
  return null;
}

/** Drafts and withdrawn activities nobody signed up for may be deleted (all or nothing in a batch). */
export function deletable(row: Row): boolean {
  return actionsFor(row).includes('delete');
}

/** The rows of a batch the server would refuse to delete (the batch button says which). */
export function undeletable<T extends Row>(rows: readonly T[]): T[] {
  return rows.filter((row) => !deletable(row));
}
