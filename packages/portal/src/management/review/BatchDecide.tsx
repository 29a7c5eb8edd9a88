import { AuditDecision, type AuditDecisionCode, type AuditWorkRow } from '@dscloud/sdk/review';
import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { errorText } from '../../activities/errorText';
import type { ReviewApi } from '../../api/review';
import { outcomesOf, type RowOutcome } from './decisions';
import { useReviewLabels } from './labels';
import { OpinionField } from './OpinionField';

export interface BatchAsk {
  decision: AuditDecisionCode;
  rows: AuditWorkRow[];
}

const needsOpinion = (d: AuditDecisionCode) => d === AuditDecision.RETURN || d === AuditDecision.REJECT;

/**
 * The batch decision: asks (with the opinion, required to return or reject), sends one `auditWorks`
 * call, and lists each work's outcome: decided, or refused with the server's reason and code.
 */
export function BatchDecide({ api, activityId, ask, templates, onClose, onDone }: { api: ReviewApi; activityId: string; ask: BatchAsk | null; templates: readonly string[]; onClose: () => void; onDone: (outcomes: RowOutcome[]) => void }) {
  const t = useT();
  const label = useReviewLabels();
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const close = () => {
    setOpinion('');
    setProblem('');
    onClose();
  };
  const send = async () => {
    if (!ask) return;
    if (needsOpinion(ask.decision) && !opinion.trim()) {
      setProblem(t('rv.opinionRequired'));
      return;
    }
    setBusy(true);
    try {
      const result = await api.decide({
        activityId,
        works: ask.rows.map((r) => ({ workId: r.workId, version: r.version })),
        decision: ask.decision,
        ...(opinion.trim() ? { opinion: opinion.trim() } : {}),
      });
      close();
      onDone(outcomesOf(result, ask.rows));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={ask !== null}
      title={t('kit.confirm.title')}
      okText={t('kit.ok')}
      cancelText={t('kit.cancel')}
      confirmLoading={busy}
      okButtonProps={{ danger: ask?.decision === AuditDecision.REJECT }}
      onOk={() => void send()}
      onCancel={close}
      destroyOnHidden
    >
      {ask ? (
        <>
          <p>{t('rv.batch.confirm', { n: ask.rows.length, decision: label.decision(ask.decision) })}</p>
          <OpinionField id="rv-batch-opinion" value={opinion} onChange={setOpinion} templates={templates} invalid={!!problem} describedBy={problem ? 'rv-batch-problem' : undefined} />
          {problem ? <Alert id="rv-batch-problem" type="error" showIcon role="alert" title={problem} /> : null}
        </>
      ) : null}
    </Modal>
  );
}

/** What the last batch did, work by work. */
export function BatchResults({ outcomes, onClose }: { outcomes: RowOutcome[]; onClose: () => void }) {
  const t = useT();
  const ok = outcomes.filter((o) => o.ok).length;
  return (
    <Alert
      type={ok === outcomes.length ? 'success' : ok === 0 ? 'error' : 'warning'}
      showIcon
      role="status"
      title={t('rv.result', { ok, no: outcomes.length - ok })}
      description={
        <ul className="ds-rv-results">
          {outcomes.map((o) => (
            <li key={o.workId}>
              《{o.title}》：{o.ok ? t('rv.result.ok') : t('rv.result.no', { message: o.message, code: o.code ?? '' })}
            </li>
          ))}
        </ul>
      }
      action={<Button size="small" onClick={onClose}>{t('rv.result.close')}</Button>}
    />
  );
}
