import type { AuditTraceEntry } from '@dscloud/sdk/review';
import { useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { useReviewLabels } from './labels';

/** Every decision on the work, oldest first: round, level, decision, score, opinion, reviewer, time. */
export function TraceList({ entries }: { entries: readonly AuditTraceEntry[] }) {
  const t = useT();
  const label = useReviewLabels();
  if (!entries.length) return <p className="ds-mgmt-muted">{t('rv.trace.empty')}</p>;
  return (
    <ol className="ds-rv-trace">
      {entries.map((e, i) => (
        <li key={i}>
          <div>
            <strong>{t('rv.trace.entry', { round: e.round, level: label.level(e.level), decision: label.decision(e.decision) })}</strong>
            {e.counted ? null : <span className="ds-mgmt-muted">{t('rv.trace.provisional')}</span>}
            {e.score !== null ? <span> · {t('rv.trace.score', { score: e.score })}</span> : null}
          </div>
          {e.opinion ? <div className="ds-rv-trace-opinion">{e.opinion}</div> : null}
          <div className="ds-mgmt-muted">
            {e.reviewerName ? t('rv.trace.reviewer', { name: e.reviewerName }) : t('rv.trace.anonymous')} · {dateTime(e.at)}
          </div>
        </li>
      ))}
    </ol>
  );
}
