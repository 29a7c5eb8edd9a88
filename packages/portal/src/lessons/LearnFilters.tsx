import { Stages } from '@dscloud/sdk/codes';
import { Radio, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import type { SubjectOption, TreeNode } from '../api/lessons';
import { useLocale, useT } from '../i18n/useT';
import { gradesOf, type HistoryLabels, type LearnChoice } from './learnFilter';
import { NamedSelect } from './NamedSelect';
import { useAsync } from './useAsync';
import { useLessonsApi } from './useLessonsApi';

const ALL = 0;
const GRADE_NAMES = ['', '一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '七年级', '八年级', '九年级', '高一', '高二', '高三'];

type NodeType = NonNullable<HistoryLabels['nodeType']>;
type TreeOption = { value: string; title: string; children: TreeOption[] };
const toOptions = (nodes: TreeNode[]): TreeOption[] => nodes.map((n) => ({ value: n.nodeId, title: n.name, children: toOptions(n.children) }));

function findOption(options: TreeOption[], value: string | undefined): TreeOption | undefined {
  for (const option of options) {
    const found = option.value === value ? option : findOption(option.children, value);
    if (found) return found;
  }
  return undefined;
}

/**
 * One curriculum tree as a searchable picker: arrow keys move, typing filters, Enter chooses. It shows
 * the chosen node only when the node is in its tree (the other picker may hold it).
 */
function NodePicker(props: { label: string; nodes: TreeNode[] | null; loading: boolean; nodeId: string | undefined; onPick: (nodeId: string | undefined, name: string | undefined) => void }) {
  const options = toOptions(props.nodes ?? []);
  const chosen = findOption(options, props.nodeId);
  return (
    <TreeSelect
      aria-label={props.label}
      placeholder={props.label}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      loading={props.loading}
      value={chosen?.value}
      treeData={options}
      onChange={(nodeId?: string) => props.onPick(nodeId, findOption(options, nodeId)?.title)}
      popupMatchSelectWidth={false}
      treeDefaultExpandAll
    />
  );
}

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
  const books = useAsync(
    async () => (choice.subjectCode ? api.books({ subjectCode: choice.subjectCode, editionId: choice.editionId, grade: choice.grade }) : []),
    [api, choice.subjectCode, choice.editionId, choice.grade],
  );
  const tree = useAsync(async () => (choice.bookId ? api.chapterTree(choice.bookId) : []), [api, choice.bookId]);
  const knowledge = useAsync(
    async () => (choice.bookId && choice.subjectCode ? api.knowledgeTree(choice.subjectCode) : []),
    [api, choice.bookId, choice.subjectCode],
  );
  const pickNode = (nodeType: NodeType) => (nodeId: string | undefined, nodeLabel: string | undefined) =>
    onChange({ nodeId }, { bookLabel: bookLabel(choice.bookId), nodeLabel, nodeType: nodeId ? nodeType : undefined });
  const bookLabel = (bookId: string | undefined) => {
    const book = books.data?.find((b) => b.bookId === bookId);
    return book ? `${book.editionName} ${book.name}` : undefined;
  };
  const stageName = (code: number) => {
    const entry = Stages.find(code);
    return (en ? entry?.labelEn : entry?.label) ?? all.find((s) => s.stage === code)?.stageName ?? String(code);
  };
  const pick = (key: 'stage' | 'subjectCode' | 'grade') => (value: number) => onChange({ [key]: value === ALL ? undefined : value });
  const tags = useAsync(() => api.tags(), [api]);

  return (
    <section className="ds-panel ds-filters" aria-label={t('learn.filters')}>
      <Row id="filter-stage" label={t('learn.stage')}>
        <Radio.Group
          aria-labelledby="filter-stage"
          optionType="button"
          value={choice.stage ?? ALL}
          onChange={(e) => pick('stage')(e.target.value as number)}
          options={[{ value: ALL, label: t('learn.all') }, ...stages.map((code) => ({ value: code, label: stageName(code) }))]}
        />
      </Row>
      {choice.stage ? (
        <Row id="filter-subject" label={t('learn.subject')}>
          <Radio.Group
            aria-labelledby="filter-subject"
            optionType="button"
            value={choice.subjectCode ?? ALL}
            onChange={(e) => pick('subjectCode')(e.target.value as number)}
            options={[{ value: ALL, label: t('learn.all') }, ...ofStage.map((s) => ({ value: s.subjectCode, label: s.subjectName }))]}
          />
        </Row>
      ) : null}
      {grades.length ? (
        <Row id="filter-grade" label={t('learn.grade')}>
          <Radio.Group
            aria-labelledby="filter-grade"
            optionType="button"
            value={choice.grade ?? ALL}
            onChange={(e) => pick('grade')(e.target.value as number)}
            options={[{ value: ALL, label: t('learn.all') }, ...grades.map((g) => ({ value: g, label: GRADE_NAMES[g] ?? String(g) }))]}
          />
        </Row>
      ) : null}
      {/* The row stands (with 全部 alone) while the tags load, so the list under the filters does not move when they come. */}
      {tags.data?.length || (tags.status === 'loading' && !tags.data) ? (
        <Row id="filter-tag" label={t('learn.tag')}>
          <Radio.Group
            aria-labelledby="filter-tag"
            optionType="button"
            value={choice.tagId ?? ''}
            onChange={(e) => onChange({ tagId: (e.target.value as string) || undefined })}
            options={[{ value: '', label: t('learn.all') }, ...(tags.data ?? []).map((tag) => ({ value: tag.tagId, label: tag.name }))]}
          />
        </Row>
      ) : null}
      {subject ? (
        <div className="ds-filter-row ds-filter-pickers">
          <NamedSelect
            aria-label={t('learn.edition')}
            placeholder={t('learn.edition')}
            allowClear
            value={choice.editionId}
            onChange={(editionId?: string) => onChange({ editionId })}
            options={subject.editions.map((e) => ({ value: e.editionId, label: e.editionName }))}
          />
          <NamedSelect
            aria-label={t('learn.book')}
            placeholder={t('learn.book')}
            allowClear
            value={choice.bookId}
            loading={books.status === 'loading'}
            onChange={(bookId?: string) => onChange({ bookId }, { bookLabel: bookLabel(bookId) })}
            options={(books.data ?? []).map((b) => ({ value: b.bookId, label: bookLabel(b.bookId) }))}
            popupMatchSelectWidth={false}
          />
          {choice.bookId ? (
            <>
              <NodePicker label={t('learn.chapter')} nodes={tree.data} loading={tree.status === 'loading'} nodeId={choice.nodeId} onPick={pickNode('chapter')} />
              <NodePicker label={t('learn.knowledge')} nodes={knowledge.data} loading={knowledge.status === 'loading'} nodeId={choice.nodeId} onPick={pickNode('knowledge')} />
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
