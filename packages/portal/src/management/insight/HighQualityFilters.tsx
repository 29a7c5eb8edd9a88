import { Input, Select } from 'antd';
import { useT } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import type { Filters } from '../kit';
import type { QualityFilterSpec } from './insightSpecs';
import { useGoodWorksApi } from './useInsightApi';

type QualityFilters = Filters<QualityFilterSpec>;

/**
 * The high-quality works' filters: stage → subject → edition → book, each offering only values that
 * have high-quality works under what is chosen before it (the public filter calls), and a keyword.
 * A choice applies at once (and clears what hangs below it); the URL keeps them.
 */
export function HighQualityFilters({ filters, onChange, activityId, label }: { filters: QualityFilters; onChange: (f: QualityFilters) => void; activityId?: string; label: string }) {
  const t = useT();
  const api = useGoodWorksApi();
  const { stage, subject, edition } = filters;
  const scope = activityId ? { activityId } : {};
  const stages = useAsync(() => api.stages(scope), [api, activityId]);
  const subjects = useAsync(() => (stage === undefined ? Promise.resolve([]) : api.subjects({ ...scope, stage })), [api, activityId, stage]);
  const editions = useAsync(() => (subject === undefined ? Promise.resolve([]) : api.editions({ ...scope, stage, subjectCode: subject })), [api, activityId, stage, subject]);
  const books = useAsync(() => (edition === undefined ? Promise.resolve([]) : api.books({ ...scope, stage, subjectCode: subject, editionId: edition })), [api, activityId, stage, subject, edition]);

  const set = (patch: QualityFilters) => onChange(Object.fromEntries(Object.entries({ ...filters, ...patch }).filter(([, v]) => v !== undefined && v !== '')));
  const select = (name: string, title: string, value: string | number | undefined, options: { value: string | number; label: string }[], apply: (v: never) => void, disabled = false) => (
    <label className="ds-ri-filter">
      <span>{title}</span>
      <Select
        allowClear
        className="ds-mgmt-select"
        aria-label={title}
        data-filter={name}
        placeholder={t('ri.all')}
        value={value}
        options={options}
        disabled={disabled}
        onChange={(v) => apply(v as never)}
      />
    </label>
  );

  return (
    <div className="ds-ri-filters" role="search" aria-label={label}>
      {select('stage', t('ri.stage'), stage, (stages.data ?? []).map((s) => ({ value: s.stage, label: s.stageName })), (v: number | undefined) =>
        set({ stage: v, subject: undefined, edition: undefined, book: undefined }),
      )}
      {select('subject', t('ri.subject'), subject, (subjects.data ?? []).map((s) => ({ value: s.subjectCode, label: s.subjectName })), (v: number | undefined) => set({ subject: v, edition: undefined, book: undefined }), stage === undefined)}
      {select('edition', t('ri.edition'), edition, (editions.data ?? []).map((e) => ({ value: e.editionId, label: e.editionName })), (v: string | undefined) => set({ edition: v, book: undefined }), subject === undefined)}
      {select('book', t('ri.book'), filters.book, (books.data ?? []).map((b) => ({ value: b.bookId, label: b.bookName })), (v: string | undefined) => set({ book: v }), edition === undefined)}
      <Input.Search
        key={filters.keyword ?? ''}
        className="ds-ri-keyword"
        aria-label={t('ri.keyword.work')}
        placeholder={t('ri.keyword.work')}
        defaultValue={filters.keyword}
        allowClear
        maxLength={50}
        enterButton={t('kit.search')}
        onSearch={(v) => set({ keyword: v.trim() || undefined })}
      />
    </div>
  );
}
