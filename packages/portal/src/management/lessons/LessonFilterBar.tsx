import { SearchButtons } from '../kit';
import { Stages, subjectsOfStage } from '@dscloud/sdk/codes';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { chinaDayRange, toChinaPicker } from '../../lessons/chinaPicker';
import { useLocale, useT, type TKey } from '../../i18n/useT';
import { gradesOf } from '../../lessons/learnFilter';
import type { LessonFilters } from './lessonTableSpec';

interface FormValues {
  keyword?: string;
  stage?: number;
  subjectCode?: number;
  grade?: number;
  teacher?: string;
  time?: [Dayjs, Dayjs] | null;
  status?: number;
}

const STAGES = Stages.entries.filter((stage) => subjectsOfStage(stage.value).length > 0);

const toForm = (f: LessonFilters): FormValues => ({ ...f, time: f.time ? [toChinaPicker(f.time[0]), toChinaPicker(f.time[1])] : null });

function fromForm(v: FormValues): LessonFilters {
  return {
    ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
    ...(v.stage !== undefined ? { stage: v.stage } : {}),
    ...(v.subjectCode !== undefined ? { subjectCode: v.subjectCode } : {}),
    ...(v.grade !== undefined ? { grade: v.grade } : {}),
    ...(v.teacher?.trim() ? { teacher: v.teacher.trim() } : {}),
    ...(v.time ? { time: chinaDayRange(v.time[0], v.time[1]) } : {}),
    ...(v.status !== undefined ? { status: v.status } : {}),
  };
}

/**
 * The lesson tables' filters: stage → subject → grade, title, teacher, a date range (the live time,
 * or the upload time of on-demand lessons) and the publish status. 查询 writes them to the URL.
 */
export function LessonFilterBar({ filters, timeLabel, onSearch }: { filters: LessonFilters; timeLabel: string; onSearch: (f: LessonFilters) => void }) {
  const t = useT();
  const en = useLocale() === 'en';
  const [form] = Form.useForm<FormValues>();
  const stage = Form.useWatch('stage', form);
  const label = (entry: { label: string; labelEn: string }) => (en ? entry.labelEn : entry.label);
  const grades = stage ? gradesOf(stage) : [];

  return (
    <Form<FormValues>
      // A new URL (back/forward, a shared link) shows its own filters.
      key={JSON.stringify(filters)}
      form={form}
      // Field ids of their own: the lesson form in the drawer has a stage and a title too.
      name="lessonFilters"
      className="ds-mgmt-filters"
      layout="inline"
      aria-label={t('mgl.filters')}
      initialValues={toForm(filters)}
      onValuesChange={(changed: Partial<FormValues>) => {
        if ('stage' in changed) form.setFieldsValue({ subjectCode: undefined, grade: undefined });
      }}
      onFinish={(values) => onSearch(fromForm(values))}
    >
      <Form.Item name="keyword" label={t('mgl.keyword')}>
        <Input allowClear maxLength={50} />
      </Form.Item>
      <Form.Item name="stage" label={t('learn.stage')}>
        <Select allowClear className="ds-mgmt-select" placeholder={t('mgl.all')} options={STAGES.map((s) => ({ value: s.value, label: label(s) }))} />
      </Form.Item>
      <Form.Item name="subjectCode" label={t('learn.subject')}>
        <Select
          allowClear
          className="ds-mgmt-select"
          placeholder={t('mgl.all')}
          disabled={!stage}
          options={stage ? subjectsOfStage(stage).map((s) => ({ value: s.value, label: label(s) })) : []}
        />
      </Form.Item>
      <Form.Item name="grade" label={t('learn.grade')}>
        <Select
          allowClear
          className="ds-mgmt-select"
          placeholder={t('mgl.all')}
          disabled={!grades.length}
          options={grades.map((g) => ({ value: g, label: t(`grade.${g}` as TKey) }))}
        />
      </Form.Item>
      <Form.Item name="teacher" label={t('mgl.teacher')}>
        <Input allowClear maxLength={50} />
      </Form.Item>
      <Form.Item name="time" label={timeLabel}>
        <DatePicker.RangePicker />
      </Form.Item>
      <Form.Item name="status" label={t('mgl.publishStatus')}>
        <Select
          allowClear
          className="ds-mgmt-select"
          placeholder={t('mgl.all')}
          options={[
            { value: 1, label: t('teach.status.published') },
            { value: 0, label: t('teach.status.unpublished') },
          ]}
        />
      </Form.Item>
      <SearchButtons
        onReset={() => onSearch({})}
      />
    </Form>
  );
}
