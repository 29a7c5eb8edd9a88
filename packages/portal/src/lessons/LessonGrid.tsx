import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import type { LessonSummary } from '../api/lessons';
import { useT } from '../i18n/useT';
import type { AsyncState } from './useAsync';
import { LessonCard } from './LessonCard';
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
}

/** A list of lesson cards with its loading, failure and empty states. */
export function LessonGrid<T extends LessonSummary>({ state, label, empty, extra, to, headingLevel }: LessonGridProps<T>) {
  const t = useT();
  const rows = state.data ?? [];
  return (
    <div className="ds-lesson-grid-wrap" aria-busy={state.status === 'loading'}>
      {state.status === 'failed' ? (
        <LoadFailed message={state.message} onRetry={state.reload} />
      ) : null}
      {state.status === 'loading' && rows.length === 0 ? <Spin className="ds-lesson-grid-spin" description={t('loading')} /> : null}
      {state.status === 'ready' && rows.length === 0 ? <Empty description={<span className="ds-empty-text">{empty ?? t('learn.empty')}</span>} /> : null}
      {rows.length > 0 ? (
        <ul className="ds-lesson-grid" aria-label={label}>
          {rows.map((lesson) => (
            <li key={lesson.lessonId}>
              <LessonCard lesson={lesson} extra={extra?.(lesson)} to={to?.(lesson)} headingLevel={headingLevel} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
