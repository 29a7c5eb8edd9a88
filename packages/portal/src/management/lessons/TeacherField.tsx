import { Form, Select } from 'antd';
import { useState } from 'react';
import type { LessonFormValues } from '../../lessons/teach/lessonForm';
import { useAsync } from '../../lessons/useAsync';
import { useT } from '../../i18n/useT';
import { useManageLessonsApi } from './useManageLessonsApi';

/**
 * 授课教师 of the back-office lesson form: a search over the teacher introductions. The server files the
 * lesson under the teacher's school and refuses a teacher outside the administrator's reach.
 */
export function TeacherField() {
  const t = useT();
  const api = useManageLessonsApi();
  const form = Form.useFormInstance<LessonFormValues>();
  const [keyword, setKeyword] = useState('');
  const found = useAsync(() => api.teachers(keyword.trim()), [api, keyword]);
  const current = form.getFieldValue('teacherInfoId') as string | undefined;
  const currentName = form.getFieldValue('teacherName') as string | undefined;
  const options = (found.data?.rows ?? []).map((teacher) => ({ value: teacher.teacherInfoId, label: `${teacher.name}（${teacher.schoolName}）` }));
  if (current && currentName && !options.some((o) => o.value === current)) options.unshift({ value: current, label: currentName });

  return (
    <Form.Item name="teacherInfoId" label={t('mgl.formTeacher')}>
      <Select
        allowClear
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        placeholder={t('mgl.formTeacherHint')}
        loading={found.status === 'loading'}
        options={options}
      />
    </Form.Item>
  );
}

/** The server parameters the teacher field stands for. */
export const teacherFieldOf = (field: string) => (/^teacher(Info|User)Id$/.test(field) ? ['teacherInfoId'] : null);
