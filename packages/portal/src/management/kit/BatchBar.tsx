import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';

/** The row above a table: the batch buttons (disabled by the caller while nothing is selected) and the count of selected rows. */
export function BatchBar({ selected, children }: { selected: number; children: ReactNode }) {
  const t = useT();
  return (
    <div className="ds-mgmt-batch" role="toolbar" aria-label={t('kit.batch')}>
      {children}
      <span className="ds-mgmt-muted" aria-live="polite">
        {selected > 0 ? t('kit.selected', { n: selected }) : null}
      </span>
    </div>
  );
}
