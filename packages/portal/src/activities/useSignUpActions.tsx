import type { ActivityDetail, OccupancyNode, SignUpNode } from '@dscloud/sdk/activities';
import { App, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { errorText, isConflict } from './errorText';
import { useActivitiesApi } from './useActivitiesApi';

/** Claim, give up and cancel, each confirmed first; a refusal (a node filled meanwhile: 409) says which. */
export function useSignUpActions(detail: ActivityDetail, reload: () => void) {
  const t = useT();
  const api = useActivitiesApi();
  const { message } = App.useApp();
  const [modal, holder] = Modal.useModal();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setRefusal('');
    try {
      await action();
      void message.success(done);
    } catch (error) {
      // The tree is stale when a node filled meanwhile: reload it so the occupancy shows the truth.
      const text = isConflict(error) ? t('act.signUp.full', { message: errorText(error) }) : t('act.failed', { message: errorText(error) });
      setRefusal(text);
      void message.error(text);
    } finally {
      setBusy(false);
      reload();
    }
  };
  const confirm = (title: string, content: ReactNode, danger: boolean, onOk: () => Promise<void>): void => {
    modal.confirm({ title, content, okText: t('act.confirm.ok'), cancelText: t('act.confirm.cancel'), okButtonProps: { danger }, onOk });
  };
  return {
    holder,
    busy,
    refusal,
    claim: (nodes: OccupancyNode[]) =>
      confirm(
        t('act.signUp.claimConfirm', { n: nodes.length }),
        <ul>{nodes.map((n) => <li key={n.nodeId}>{n.name}</li>)}</ul>,
        false,
        () => run(() => api.claimNodes({ activityId: detail.activityId, nodeIds: nodes.map((n) => n.nodeId) }), t('act.signUp.claimed', { n: nodes.length })),
      ),
    giveUp: (node: SignUpNode) =>
      confirm(t('act.signUp.giveUpAria', { name: node.nodeName }), t('act.signUp.giveUpConfirm', { name: node.nodeName }), true, () =>
        run(() => api.cancelNode(node.signUpNodeId), t('act.signUp.givenUp', { name: node.nodeName })),
      ),
    cancel: (signUpId: string) =>
      confirm(t('act.signUp.cancel'), t('act.signUp.cancelConfirm'), true, () => run(() => api.cancelSignUp(signUpId), t('act.signUp.cancelled'))),
  };
}

