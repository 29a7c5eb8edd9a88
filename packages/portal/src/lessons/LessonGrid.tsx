import type { ReactNode } from 'react';
import type { LessonSummary } from '../api/lessons';
import { useT } from '../i18n/useT';
import type { AsyncState } from './useAsync';
import { LessonCard, LessonCardSkeleton } from './LessonCard';
import { LoadFailed } from './LoadFailed';
import './lessons.css';

export interface LessonGridProps<T extends LessonSummary> {
  state: AsyncState<T[]> & { reload: () => void };
  /** Accessible name of the list. */
  label: string;
  empty?: string;
  extra?: (lesson: T) => ReactNode;
  to?: (lesson: T) => string;
  /** The cards' heading level (LessonCard): 2 for a list straight under the page's h1. */
  headingLevel?: 2 | 3;
  /**
   * While the first page loads, this many empty cards of the final size hold the list's place (a
   * spinner otherwise), each with `metaLines` lines under the teacher (2 for live lessons: the start
   * time and the learners).
   */
  placeholders?: { count: number; metaLines?: number };
  /** How many of the first cards are in the first screen: their covers are fetched at once. */
  eager?: number;
}

/**
 * Nothing to list: antd's Empty in plain markup (the same 100 px picture over the words), so the lists
 * of the home screen need no antd.
 */
function EmptyList({ text }: { text: string }) {
  return (
    <div className="ds-empty">
      <svg className="ds-empty-image" viewBox="0 0 64 41" width="64" height="41" aria-hidden="true" focusable="false">
        <ellipse className="ds-empty-shadow" cx="32" cy="33" rx="32" ry="7" />
        <path className="ds-empty-tray" d="M55 12.76 44.85 1.26A2.5 2.5 0 0 0 43 .5H21c-.7 0-1.36.3-1.85.76L9 12.76V22h46z" />
        <path
          className="ds-empty-box"
          d="M41.61 15.93c0-1.6 1-2.92 2.23-2.92H55v18.14C55 33.27 53.68 35 52.05 35h-40.1C10.32 35 9 33.27 9 31.15V13h11.16c1.23 0 2.23 1.31 2.23 2.91v.02c0 1.6 1.01 2.9 2.24 2.9h14.74c1.23 0 2.24-1.32 2.24-2.92z"
        />
      </svg>
      <p className="ds-empty-text">{text}</p>
    </div>
  );
}

/** A list of lesson cards with its loading, failure and empty states. */
export function LessonGrid<T extends LessonSummary>({ state, label, empty, extra, to, headingLevel, placeholders, eager = 0 }: LessonGridProps<T>) {
  const t = useT();
  const rows = state.data ?? [];
  return (
    <div className="ds-lesson-grid-wrap" aria-busy={state.status === 'loading'}>
      {state.status === 'failed' ? (
        <LoadFailed message={state.message} onRetry={state.reload} />
      ) : null}
      {state.status === 'loading' && rows.length === 0 && !placeholders ? (
        <div className="ds-lesson-grid-spin" role="status">
          <span className="ds-spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      ) : null}
      {state.status === 'loading' && rows.length === 0 && placeholders ? (
        <ul className="ds-lesson-grid" aria-hidden="true">
          {Array.from({ length: placeholders.count }, (_, i) => (
            <li key={i}>
              <LessonCardSkeleton metaLines={placeholders.metaLines} />
            </li>
          ))}
        </ul>
      ) : null}
      {state.status === 'ready' && rows.length === 0 ? <EmptyList text={empty ?? t('learn.empty')} /> : null}
      {rows.length > 0 ? (
        <ul className="ds-lesson-grid" aria-label={label}>
          {rows.map((lesson, i) => (
            <li key={lesson.lessonId}>
              <LessonCard lesson={lesson} extra={extra?.(lesson)} to={to?.(lesson)} headingLevel={headingLevel} priority={i < eager} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
