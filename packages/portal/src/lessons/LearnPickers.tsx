import { TreeSelect } from 'antd';
import type { SubjectOption, TreeNode } from '../api/lessons';
import { AntdScope } from '../app/AntdRoot';
import { useT } from '../i18n/useT';
import type { HistoryLabels, LearnChoice } from './learnFilter';
import { NamedSelect } from './NamedSelect';
import { useAsync } from './useAsync';
import { useLessonsApi } from './useLessonsApi';

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

/**
 * Edition, book and curriculum node of /learn, once a subject is chosen: searchable pickers over long
 * lists, antd's Select and TreeSelect. They are the only antd parts of /learn, so this file loads
 * (with antd) only when they are shown (LearnFilters.tsx), never for the screen's first view.
 */
export default function LearnPickers({ choice, subject, onChange }: { choice: LearnChoice; subject: SubjectOption; onChange: (change: Partial<LearnChoice>, labels?: HistoryLabels) => void }) {
  const t = useT();
  const api = useLessonsApi();
  const books = useAsync(
    async () => (choice.subjectCode ? api.books({ subjectCode: choice.subjectCode, editionId: choice.editionId, grade: choice.grade }) : []),
    [api, choice.subjectCode, choice.editionId, choice.grade],
  );
  const tree = useAsync(async () => (choice.bookId ? api.chapterTree(choice.bookId) : []), [api, choice.bookId]);
  const knowledge = useAsync(
    async () => (choice.bookId && choice.subjectCode ? api.knowledgeTree(choice.subjectCode) : []),
    [api, choice.bookId, choice.subjectCode],
  );
  const bookLabel = (bookId: string | undefined) => {
    const book = books.data?.find((b) => b.bookId === bookId);
    return book ? `${book.editionName} ${book.name}` : undefined;
  };
  const pickNode = (nodeType: NodeType) => (nodeId: string | undefined, nodeLabel: string | undefined) =>
    onChange({ nodeId }, { bookLabel: bookLabel(choice.bookId), nodeLabel, nodeType: nodeId ? nodeType : undefined });

  return (
    <AntdScope>
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
    </AntdScope>
  );
}
