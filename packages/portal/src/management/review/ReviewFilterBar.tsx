import { SearchButtons } from '../kit';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useAsync } from '../../lessons/useAsync';
import { useT } from '../../i18n/useT';
import type { AuditLevelOption, ChapterNode, ReviewApi } from '../../api/review';
import { chapterTree } from './chapterTree';
import { useReviewLabels } from './labels';
import type { ReviewFilters } from './reviewTableSpec';

type Values = Omit<ReviewFilters, 'activity'>;



/**
 * The reviewer's filters, limited to what they are assigned: level, stage, subject, then edition,
 * book and chapter of that subject, state and title. 查询 writes them to the URL.
 */
export function ReviewFilterBar({ api, activityId, levels, filters, onSearch }: { api: ReviewApi; activityId: string; levels: AuditLevelOption[]; filters: ReviewFilters; onSearch: (f: Values) => void }) {
  const t = useT();
  const label = useReviewLabels();
  const [form] = Form.useForm<Values>();
  const stage = Form.useWatch('stage', form) ?? filters.stage;
  const subject = Form.useWatch('subject', form) ?? filters.subject;
  const edition = Form.useWatch('edition', form) ?? filters.edition;
  const book = Form.useWatch('book', form) ?? filters.book;
  const stages = useAsync(() => api.stages(activityId), [api, activityId]);
  const subjects = useAsync(() => api.subjects(activityId, stage), [api, activityId, stage]);
  const editions = useAsync(() => (subject !== undefined ? api.editions({ activityId, stage, subjectCode: subject }) : Promise.resolve([])), [api, activityId, stage, subject]);
  const books = useAsync(() => (edition ? api.books({ activityId, editionId: edition, stage, subjectCode: subject }) : Promise.resolve([])), [api, activityId, edition, stage, subject]);
  const chapters = useAsync(() => (book ? api.chapters({ activityId, bookId: book }) : Promise.resolve([] as ChapterNode[])), [api, activityId, book]);
  const clear = (...names: (keyof Values)[]) => form.setFieldsValue(Object.fromEntries(names.map((n) => [n, undefined])));

  return (
    <Form<Values>
      key={`${activityId}|${JSON.stringify(filters)}`}
      form={form}
      name="reviewFilters"
      className="ds-mgmt-filters"
      layout="inline"
      role="search"
      aria-label={t('rv.filters')}
      initialValues={filters}
      onFinish={(v) => onSearch(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null && x !== '')))}
    >
      <Form.Item name="level" label={t('rv.level')}>
        <Select allowClear className="ds-mgmt-select" placeholder={t('rv.all')} options={levels.map((l) => ({ value: l.level, label: l.levelName || label.level(l.level) }))} />
      </Form.Item>
      <Form.Item name="stage" label={t('rv.stage')}>
        <Select
          allowClear
          className="ds-mgmt-select"
          placeholder={t('rv.all')}
          onChange={() => clear('subject', 'edition', 'book', 'chapter')}
          options={(stages.data ?? []).map((s) => ({ value: s.stage, label: s.stageName }))}
        />
      </Form.Item>
      <Form.Item name="subject" label={t('rv.subject')}>
        <Select
          allowClear
          className="ds-mgmt-select"
          placeholder={t('rv.all')}
          onChange={() => clear('edition', 'book', 'chapter')}
          options={(subjects.data ?? []).map((s) => ({ value: s.subjectCode, label: s.subjectName }))}
        />
      </Form.Item>
      <Form.Item name="edition" label={t('rv.edition')}>
        <Select
          allowClear
          className="ds-mgmt-select"
          placeholder={t('rv.all')}
          disabled={subject === undefined}
          onChange={() => clear('book', 'chapter')}
          options={(editions.data ?? []).map((e) => ({ value: e.editionId, label: e.editionName }))}
        />
      </Form.Item>
      <Form.Item name="book" label={t('rv.book')}>
        <Select allowClear className="ds-mgmt-select" placeholder={t('rv.all')} disabled={!edition} onChange={() => clear('chapter')} options={(books.data ?? []).map((b) => ({ value: b.bookId, label: b.bookName }))} />
      </Form.Item>
      <Form.Item name="chapter" label={t('rv.chapter')}>
        <TreeSelect allowClear className="ds-mgmt-select" placeholder={t('rv.all')} disabled={!book} treeData={chapterTree(chapters.data ?? [])} popupMatchSelectWidth={false} />
      </Form.Item>
      <Form.Item name="state" label={t('rv.state')}>
        <Select
          allowClear
          className="ds-mgmt-select"
          placeholder={t('rv.all')}
          options={[
            { value: 'pending', label: t('rv.state.pending') },
            { value: 'decided', label: t('rv.state.decided') },
          ]}
        />
      </Form.Item>
      <Form.Item name="keyword" label={t('rv.keyword')}>
        <Input allowClear maxLength={50} />
      </Form.Item>
      <SearchButtons
        onReset={() => {
          form.resetFields();
          onSearch({});
        }}
      />
    </Form>
  );
}
