import { useT } from '../i18n/useT';
import { pageItems } from './pageItems';

/**
 * A numbered pager in plain markup (antd's Pagination without the page-size changer: /learn loads no
 * antd for its first view): previous, the pages of `pageItems`, next. The current page is marked for
 * screen readers as well as drawn.
 */
export function Pager({ current, pageSize, total, label, onChange }: { current: number; pageSize: number; total: number; label: string; onChange: (page: number) => void }) {
  const t = useT();
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="ds-pager" aria-label={label}>
      <ul className="ds-pager-list">
        <li>
          <button type="button" className="ds-pager-item" aria-label={t('learn.previousPage')} disabled={current <= 1} onClick={() => onChange(current - 1)}>
            <Chevron left />
          </button>
        </li>
        {pageItems(current, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={item === current ? 'ds-pager-item ds-pager-item--on' : 'ds-pager-item'}
                aria-label={t('learn.page', { n: item })}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => item !== current && onChange(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="ds-pager-gap" aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <button type="button" className="ds-pager-item" aria-label={t('learn.nextPage')} disabled={current >= pages} onClick={() => onChange(current + 1)}>
            <Chevron />
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** An arrow of the pager (drawn here: antd's own arrow icons live in antd's file, which /learn does not fetch). */
function Chevron({ left = false }: { left?: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <polyline points={left ? '10.5 3 5.5 8 10.5 13' : '5.5 3 10.5 8 5.5 13'} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
