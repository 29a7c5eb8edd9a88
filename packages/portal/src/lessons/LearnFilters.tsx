import { Stages } from '@dscloud/sdk/codes';
import { lazy, Suspense, type ReactNode } from 'react';
import type { SubjectOption } from '../api/lessons';
import { useLocale, useT } from '../i18n/useT';
import { ChoiceChips } from './ChoiceChips';
import { gradesOf, type HistoryLabels, type LearnChoice } from './learnFilter';
import { useAsync } from './useAsync';
import { useLessonsApi } from './useLessonsApi';

/** The pickers bring antd: fetched when a subject is chosen, not for the screen's first view. */
const LearnPickers = lazy(() => import('./LearnPickers'));

const ALL = 0;
const GRADE_NAMES = ['', '一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '七年级', '八年级', '九年级', '高一', '高二', '高三'];

function Row({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="ds-filter-row">
      <span className="ds-filter-label" id={id}>
        {label}
      </span>
      {children}
    </div>
  );
}

/**
 * The curriculum filters of /learn: stage, subject and grade as chips (few, seen at a glance), edition,
 * book and curriculum node as pickers (many). Once a book is chosen, its chapter tree and the subject's
 * knowledge points can be picked from; a node (one at a time) filters to the lessons under it. Lists come from the
 * curriculum calls of the chosen level; changes carry the names of the chosen book and node.
 */
export function LearnFilters({ choice, onChange }: { choice: LearnChoice; onChange: (change: Partial<LearnChoice>, labels?: HistoryLabels) => void }) {
  const t = useT();
  const en = useLocale() === 'en';
  const api = useLessonsApi();
  const subjects = useAsync(() => api.subjects(), [api]);
  const all: SubjectOption[] = subjects.data ?? [];
  const stages = [...new Set(all.map((s) => s.stage))].sort((a, b) => a - b);
  const ofStage = all.filter((s) => s.stage === choice.stage);
  const subject = ofStage.find((s) => s.subjectCode === choice.subjectCode);
  const grades = gradesOf(choice.stage);
  const stageName = (code: number) => {
    const entry = Stages.find(code);
    return (en ? entry?.labelEn : entry?.label) ?? all.find((s) => s.stage === code)?.stageName ?? String(code);
  };
  const pick = (key: 'stage' | 'subjectCode' | 'grade') => (value: number) => onChange({ [key]: value === ALL ? undefined : value });
  const tags = useAsync(() => api.tags(), [api]);

  return (
    <section className="ds-panel ds-filters" aria-label={t('learn.filters')}>
      <Row id="filter-stage" label={t('learn.stage')}>
        <ChoiceChips
          labelledBy="filter-stage"
          value={choice.stage ?? ALL}
          onChange={pick('stage')}
          options={[{ value: ALL, label: t('learn.all') }, ...stages.map((code) => ({ value: code, label: stageName(code) }))]}
        />
      </Row>
      {choice.stage ? (
        <Row id="filter-subject" label={t('learn.subject')}>
          <ChoiceChips
            labelledBy="filter-subject"
            value={choice.subjectCode ?? ALL}
            onChange={pick('subjectCode')}
            options={[{ value: ALL, label: t('learn.all') }, ...ofStage.map((s) => ({ value: s.subjectCode, label: s.subjectName }))]}
          />
        </Row>
      ) : null}
      {grades.length ? (
        <Row id="filter-grade" label={t('learn.grade')}>
          <ChoiceChips
            labelledBy="filter-grade"
            value={choice.grade ?? ALL}
            onChange={pick('grade')}
            options={[{ value: ALL, label: t('learn.all') }, ...grades.map((g) => ({ value: g, label: GRADE_NAMES[g] ?? String(g) }))]}
          />
        </Row>
      ) : null}
      {/* The row stands (with 全部 alone) while the tags load, so the list under the filters does not move when they come. */}
      {tags.data?.length || (tags.status === 'loading' && !tags.data) ? (
        <Row id="filter-tag" label={t('learn.tag')}>
          <ChoiceChips
            labelledBy="filter-tag"
            value={choice.tagId ?? ''}
            onChange={(tagId) => onChange({ tagId: tagId || undefined })}
            options={[{ value: '', label: t('learn.all') }, ...(tags.data ?? []).map((tag) => ({ value: tag.tagId, label: tag.name }))]}
          />
        </Row>
      ) : null}
      {subject ? (
        <div className="ds-filter-row ds-filter-pickers">
          {/* While the pickers' code comes, their row keeps its height. */}
          <Suspense fallback={<span className="ds-filter-pickers-pending" />}>
            <LearnPickers choice={choice} subject={subject} onChange={onChange} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
