import { Badge, Tag } from 'antd';
import { useT } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import { useManageLessonsApi } from './useManageLessonsApi';

const HOURS = 24;

/** How many live lessons start within a day and how many are on air (getAdventOrExpireLiveCount). */
export function LiveCountsBadge() {
  const t = useT();
  const api = useManageLessonsApi();
  const counts = useAsync(() => api.liveCounts(HOURS), [api]);
  if (!counts.data) return null;
  return (
    <span className="ds-mgmt-counts" role="status" aria-label={t('mgl.countsLabel')}>
      <Badge count={counts.data.adventCount} showZero overflowCount={999} color="var(--ds-color-primary)">
        <Tag>{t('mgl.soon', { hours: HOURS })}</Tag>
      </Badge>
      <Tag>
        {t('mgl.living')} {counts.data.livingCount}
      </Tag>
    </span>
  );
}
