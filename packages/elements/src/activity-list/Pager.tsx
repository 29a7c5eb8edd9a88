import type { ActivityListMessages } from './messages.js';

export interface PagerProps {
  pageNum: number;
  pages: number;
  total: number;
  busy: boolean;
  messages: ActivityListMessages;
  onPage: (pageNum: number) => void;
}

/** 上一页 / 下一页 and where the reader is; the position is announced when it changes. */
export function Pager({ pageNum, pages, total, busy, messages: m, onPage }: PagerProps) {
  return (
    <nav className="ds-activities__pager" part="pager" aria-label={m.pager}>
      <button type="button" className="ds-activities__page" part="page-button" disabled={busy || pageNum <= 1} onClick={() => onPage(pageNum - 1)}>
        {m.previous}
      </button>
      <span className="ds-activities__position" aria-live="polite">
        {m.pageOf(pageNum, pages, total)}
      </span>
      <button type="button" className="ds-activities__page" part="page-button" disabled={busy || pageNum >= pages} onClick={() => onPage(pageNum + 1)}>
        {m.next}
      </button>
    </nav>
  );
}
