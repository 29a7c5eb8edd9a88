import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import type { LessonSummary } from '../api/lessons';
import { useT } from '../i18n/useT';
import type { AsyncState } from './useAsync';
import { LessonCard, LessonCardSkeleton } from './LessonCard';
import { LoadFailed } from './LoadFailed';

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

/** A list of lesson cards with its loading, failure and empty states. */
export function LessonGrid<T extends LessonSummary>({ state, label, empty, extra, to, headingLevel, placeholders, eager = 0 }: LessonGridProps<T>) {
  const t = useT();
  const rows = state.data ?? [];
  return (
    <div className="ds-lesson-grid-wrap" aria-busy={state.status === 'loading'}>
      {state.status === 'failed' ? (
        <LoadFailed message={state.message} onRetry={state.reload} />
      ) : null}
      {state.status === 'loading' && rows.length === 0 && !placeholders ? <Spin className="ds-lesson-grid-spin" description={t('loading')} /> : null}
      {state.status === 'loading' && rows.length === 0 && placeholders ? (
        <ul className="ds-lesson-grid" aria-hidden="true">
          {Array.from({ length: placeholders.count }, (_, i) => (
            <li key={i}>
              <LessonCardSkeleton metaLines={placeholders.metaLines} />
            </li>
          ))}
        </ul>
      ) : null}
      {state.status === 'ready' && rows.length === 0 ? <Empty description={<span className="ds-empty-text">{empty ?? t('learn.empty')}</span>} /> : null}
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
