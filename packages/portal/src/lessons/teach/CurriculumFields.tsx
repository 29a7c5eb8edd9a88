import { Stages, subjectsOfStage } from '@dscloud/sdk/codes';
import { Form, Select, TreeSelect } from 'antd';
import type { TreeNode } from '../../api/lessons';
import { useLocale, useT, type TKey } from '../../i18n/useT';
import { gradesOf } from '../learnFilter';
import { useAsync } from '../useAsync';
import { useLessonsApi } from '../useLessonsApi';
import type { LessonFormValues } from './lessonForm';
import { useTeachApi } from './useTeachApi';

const MAX_KNOWLEDGE = 20;
/** Stages a lesson can be filed under: those with subjects in the SDK's code table. */
const STAGES = Stages.entries.filter((stage) => subjectsOfStage(stage.value).length > 0);

type Option = { value: string; title: string; children: Option[] };
const toOptions = (nodes: readonly TreeNode[]): Option[] => nodes.map((n) => ({ value: n.nodeId, title: n.name, children: toOptions(n.children) }));

/**
 * Stage → subject → grade (required, from the SDK's code tables), then the optional textbook, chapter
 * and knowledge points from the curriculum calls. Each list offers only what fits the choices above it.
 */
export function CurriculumFields() {
  const t = useT();
  const en = useLocale() === 'en';
  const form = Form.useFormInstance<LessonFormValues>();
  const stage = Form.useWatch('stage', form);
  const subjectCode = Form.useWatch('subjectCode', form);
  const grade = Form.useWatch('grade', form);
  const bookId = Form.useWatch('bookId', form);
  const lessons = useLessonsApi();
  const teach = useTeachApi();

  const books = useAsync(
    async () => (subjectCode && grade !== undefined ? lessons.books({ subjectCode, grade }) : []),
    [lessons, subjectCode, grade],
  );
  const chapters = useAsync(async () => (bookId ? toOptions(await lessons.chapterTree(bookId)) : []), [lessons, bookId]);
  const knowledge = useAsync(async () => (subjectCode ? toOptions(await teach.knowledgeTree(subjectCode)) : []), [teach, subjectCode]);

  const label = (entry: { label: string; labelEn: string }) => (en ? entry.labelEn : entry.label);
  const grades = stage ? gradesOf(stage) : [];
  const gradeOptions = grades.length
    ? grades.map((g) => ({ value: g, label: t(`grade.${g}` as TKey) }))
    : [{ value: 0, label: t('teach.noGrade') }];
  const bookOptions = (books.data ?? []).map((b) => ({ value: b.bookId, label: `${b.editionName} · ${b.name}` }));

  return (
    <>
      <div className="ds-teach-row">
        <Form.Item name="stage" label={t('learn.stage')} rules={[{ required: true, message: t('teach.stageRequired') }]}>
          <Select placeholder={t('teach.choose')} options={STAGES.map((s) => ({ value: s.value, label: label(s) }))} />
        </Form.Item>
        <Form.Item name="subjectCode" label={t('learn.subject')} rules={[{ required: true, message: t('teach.subjectRequired') }]}>
          <Select
            placeholder={t('teach.choose')}
            disabled={!stage}
            showSearch={{ optionFilterProp: 'label' }}
            options={stage ? subjectsOfStage(stage).map((s) => ({ value: s.value, label: label(s) })) : []}
          />
        </Form.Item>
        <Form.Item name="grade" label={t('learn.grade')} rules={[{ required: true, message: t('teach.gradeRequired') }]}>
          <Select placeholder={t('teach.choose')} disabled={!stage || !grades.length} options={stage ? gradeOptions : []} />
        </Form.Item>
      </div>
      <div className="ds-teach-row ds-teach-row--two">
        <Form.Item name="bookId" label={t('teach.book')}>
          <Select
            allowClear
            placeholder={subjectCode && grade !== undefined ? t('teach.choose') : t('teach.chooseSubjectFirst')}
            disabled={!subjectCode || grade === undefined}
            loading={books.status === 'loading'}
            options={bookOptions}
          />
        </Form.Item>
        <Form.Item name="chapterNodeId" label={t('teach.chapter')}>
          <TreeSelect
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder={bookId ? t('teach.choose') : t('teach.chooseBookFirst')}
            disabled={!bookId}
            loading={chapters.status === 'loading'}
            treeData={chapters.data ?? []}
            treeDefaultExpandAll
          />
        </Form.Item>
      </div>
      <Form.Item
        name="knowledgeNodeIds"
        label={t('teach.knowledge')}
        rules={[{ type: 'array', max: MAX_KNOWLEDGE, message: t('teach.knowledgeMax') }]}
      >
        <TreeSelect
          multiple
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder={subjectCode ? t('teach.choose') : t('teach.chooseSubjectFirst')}
          disabled={!subjectCode}
          loading={knowledge.status === 'loading'}
          treeData={knowledge.data ?? []}
        />
      </Form.Item>
    </>
  );
}
