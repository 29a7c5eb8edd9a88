import type { ActivitySummary } from '@dscloud/sdk/activities';
import type { ActivityManageApi } from '../../api/activityManage';
import type { Translate } from '../../i18n/useT';
import type { ActionOptions } from '../kit';
import { targetStatus, type ActivityAction } from './activityStates';

const CONFIRM: Partial<Record<ActivityAction, { key: 'actm.confirm.publish' | 'actm.confirm.withdraw' | 'actm.confirm.toDraft' | 'actm.confirm.republish'; danger: boolean }>> = {
  publish: { key: 'actm.confirm.publish', danger: false },
  republish: { key: 'actm.confirm.republish', danger: false },
  withdraw: { key: 'actm.confirm.withdraw', danger: true },
  toDraft: { key: 'actm.confirm.toDraft', danger: false },
};

/**
 * The confirmed calls behind the table's buttons: a status change through `set/status` with the row's
 * version (the server refuses an illegal or stale change with its reason, which the kit shows), and
 * delete (one row or a batch, all or nothing).
 */
export function activityActions(api: ActivityManageApi, t: Translate, done: () => void) {
  return {
    status: (row: ActivitySummary, action: ActivityAction): ActionOptions => {
      const status = targetStatus(action);
      const ask = CONFIRM[action];
      if (status === null || !ask) throw new Error(`${action} is not a status change`);
      return {
        action: () => api.setStatus({ activityId: row.activityId, status, version: row.version }),
        confirm: { content: t(ask.key, { name: row.name }), danger: ask.danger },
        done,
      };
    },
    remove: (rows: ActivitySummary[]): ActionOptions => ({
      action: () => api.remove(rows.map((r) => r.activityId)),
      confirm: rows.length === 1 ? 'delete' : { content: t('actm.confirm.deleteMany', { n: rows.length }), danger: true },
      done,
    }),
  };
}
