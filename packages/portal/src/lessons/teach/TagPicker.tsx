import { Form, Select } from 'antd';
import { useT } from '../../i18n/useT';
import { useAsync } from '../useAsync';
import { useLessonsApi } from '../useLessonsApi';

/** At most this many tags on one lesson (the save call's limit). */
export const MAX_TAGS = 10;

/**
 * The `tagIds` field of a lesson form: the platform's tags (lessonTag/list, kept in order by the
 * back-office), several at once. Used by the teacher's form and the administrators' lesson form.
 */
export function TagPicker() {
  const t = useT();
  const api = useLessonsApi();
  const tags = useAsync(() => api.tags(), [api]);
  return (
    <Form.Item name="tagIds" label={t('lessonTags.label')}>
      <Select
        mode="multiple"
        allowClear
        maxCount={MAX_TAGS}
        placeholder={t('lessonTags.placeholder')}
        loading={tags.status === 'loading'}
        options={(tags.data ?? []).map((tag) => ({ value: tag.tagId, label: tag.name }))}
        optionFilterProp="label"
      />
    </Form.Item>
  );
}
