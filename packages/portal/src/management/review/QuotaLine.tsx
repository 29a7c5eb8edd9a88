import { useT } from '../../i18n/useT';
import type { AuditLevelOption } from '../../api/review';
import { useReviewLabels } from './labels';

/** The reviewer's quota at each of their levels: used and left, or 不限. */
export function QuotaLine({ levels }: { levels: readonly AuditLevelOption[] }) {
  const t = useT();
  const label = useReviewLabels();
  if (!levels.length) return null;
  return (
    <ul className="ds-rv-quota" aria-label={t('rv.rules.quotaHelp')}>
      {levels.map((l) => {
        const name = `${l.levelName || label.level(l.level)}${l.orgName ? `（${l.orgName}）` : ''}`;
        return (
          <li key={`${l.level}:${l.orgId ?? ''}`}>
            {typeof l.quota === 'number' ? t('rv.quota', { level: name, used: l.used ?? 0, quota: l.quota, left: l.left ?? Math.max(0, l.quota - (l.used ?? 0)) }) : t('rv.quotaNone', { level: name })}
          </li>
        );
      })}
    </ul>
  );
}
