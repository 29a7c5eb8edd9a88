import { AuditDecision, type AuditDecisionCode, type RubricItem } from '@dscloud/sdk/review';
import { Alert, Button, InputNumber } from 'antd';
import { useT } from '../../i18n/useT';
import { useReviewLabels } from './labels';
import { OpinionField } from './OpinionField';
import { rubricMax, rubricTotal, type Scores } from './rubric';
import { ariaKeysOf, keysOf, SHORTCUTS, type ShortcutAction } from './shortcuts';

export const ACTION_OF: Record<AuditDecisionCode, ShortcutAction> = {
  [AuditDecision.PASS]: 'pass',
  [AuditDecision.RETURN]: 'return',
  [AuditDecision.REJECT]: 'reject',
  [AuditDecision.EXCELLENT]: 'excellent',
};

export interface DecisionPanelProps {
  rubric: readonly RubricItem[];
  templates: readonly string[];
  scores: Scores;
  onScores: (s: Scores) => void;
  opinion: string;
  onOpinion: (v: string) => void;
  /** The decisions this work allows now (none when it is not waiting for this reviewer). */
  decisions: readonly AuditDecisionCode[];
  busy: boolean;
  problems: readonly string[];
  onDecide: (d: AuditDecisionCode) => void;
}

/** The rubric (points per item and the total), the opinion with its templates, and the decision buttons with their keys. */
export function DecisionPanel({ rubric, templates, scores, onScores, opinion, onOpinion, decisions, busy, problems, onDecide }: DecisionPanelProps) {
  const t = useT();
  const label = useReviewLabels();
  const total = rubricTotal(rubric, scores);
  return (
    <section className="ds-rv-pane" aria-labelledby="rv-decide">
      <h2 id="rv-decide">{t('rv.rubric')}</h2>
      {rubric.length ? (
        <div className="ds-rv-rubric">
          {rubric.map((item) => (
            <label key={item.key} htmlFor={`rv-score-${item.key}`} className="ds-rv-rubric-row" style={{ display: 'contents' }}>
              <span>{t('rv.rubric.item', { name: item.name, max: item.max })}</span>
              <InputNumber
                id={`rv-score-${item.key}`}
                min={0}
                max={item.max}
                step={0.5}
                value={scores[item.key] ?? null}
                onChange={(v) => onScores({ ...scores, [item.key]: typeof v === 'number' ? v : null })}
              />
            </label>
          ))}
          <strong aria-live="polite">{t('rv.rubric.total', { total: total ?? 0, max: rubricMax(rubric) })}</strong>
        </div>
      ) : null}
      <OpinionField id="rv-opinion" value={opinion} onChange={onOpinion} templates={templates} invalid={problems.length > 0} describedBy={problems.length ? 'rv-problems' : undefined} />
      {problems.length ? (
        <Alert
          id="rv-problems"
          type="error"
          showIcon
          role="alert"
          title={
            <ul className="ds-rv-results">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <div className="ds-rv-decide" role="group" aria-label={t('rv.decisions')}>
        {decisions.map((d) => (
          <Button
            key={d}
            type={d === AuditDecision.PASS || d === AuditDecision.EXCELLENT ? 'primary' : 'default'}
            danger={d === AuditDecision.REJECT}
            loading={busy}
            aria-keyshortcuts={ariaKeysOf(ACTION_OF[d])}
            onClick={() => onDecide(d)}
          >
            {label.decision(d)}
            <kbd className="ds-rv-kbd">{keysOf(ACTION_OF[d])}</kbd>
          </Button>
        ))}
      </div>
      <details>
        <summary>{t('rv.shortcuts')}</summary>
        <ul className="ds-rv-shortcuts">
          {SHORTCUTS.map((s) => (
            <li key={s.action}>
              <kbd>{s.keys}</kbd> {s.action === 'previous' ? t('rv.previous') : s.action === 'next' ? t('rv.next') : label.decision(Number(Object.entries(ACTION_OF).find(([, a]) => a === s.action)?.[0]))}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
