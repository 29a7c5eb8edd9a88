import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Stages, subjectsOfStage } from '@dscloud/sdk/codes';
import { Alert, Button, Form, Select } from 'antd';
import { useLocale, useT } from '../../../i18n/useT';
import { useAsync } from '../../../lessons/useAsync';
import type { ActivityManageApi } from '../../../api/activityManage';
import type { ScopeNames } from '../scopeNames';
import type { StepProps } from './stepProps';

const STAGES = Stages.entries.filter((stage) => subjectsOfStage(stage.value).length > 0);
const none = () => Promise.resolve([]);
/** The list, each item first shown to `remember` (the names the summary words the scope with). */
function noted<T>(list: T[], remember: (item: T) => void): T[] {
  list.forEach(remember);
  return list;
}

/**
 * 征集范围: rows of stage → subject → edition → books, from the curriculum (`activitySubject`). Rows
 * stored while teachers have signed up are fixed; new rows may be added.
 */
export function ScopeStep({ limits, api, names }: StepProps & { api: ActivityManageApi; names: ScopeNames }) {
  const t = useT();
  return (
    <>
      <p className="ds-mgmt-muted">{t('actm.f.scopeHelp')}</p>
      {limits.scopeRowsLocked > 0 && !limits.readOnly ? <Alert type="info" showIcon title={t('actm.lock.scope')} style={{ marginBottom: 12 }} /> : null}
      <Form.List
        name="scope"
        rules={[{ validator: async (_, rows?: unknown[]) => (rows?.length ? undefined : Promise.reject(new Error(t('actm.f.scopeRequired')))) }]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <ScopeRowFields
                key={field.key}
                name={field.name}
                index={index}
                locked={limits.readOnly || index < limits.scopeRowsLocked}
                api={api}
                names={names}
                onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
              />
            ))}
            <Form.ErrorList errors={errors} />
            {limits.readOnly ? null : (
              <Button icon={<PlusOutlined />} onClick={() => add({ bookIds: [] })}>
                {t('actm.f.addScope')}
              </Button>
            )}
          </>
        )}
      </Form.List>
    </>
  );
}

interface RowProps {
  name: number;
  index: number;
  locked: boolean;
  api: ActivityManageApi;
  names: ScopeNames;
  onRemove?: () => void;
}

function ScopeRowFields({ name, index, locked, api, names, onRemove }: RowProps) {
  const t = useT();
  const en = useLocale() === 'en';
  const form = Form.useFormInstance();
  const stage = Form.useWatch(['scope', name, 'stage'], form) as number | undefined;
  const subjectCode = Form.useWatch(['scope', name, 'subjectCode'], form) as number | undefined;
  const editionId = Form.useWatch(['scope', name, 'editionId'], form) as string | null | undefined;

  const subjects = useAsync(
    () => (stage ? api.subjects(stage).then((list) => noted(list, (s) => names.subject(stage, s.subjectCode, s.subjectName))) : none()),
    [api, stage],
  );
  const editions = useAsync(
    () =>
      stage && subjectCode ? api.editions(stage, subjectCode).then((list) => noted(list, (e) => names.edition(e.editionId, e.editionName))) : none(),
    [api, stage, subjectCode],
  );
  const books = useAsync(
    () =>
      stage && subjectCode && editionId
        ? api.books(stage, subjectCode, editionId).then((list) => noted(list, (b) => names.book(b.bookId, b.bookName)))
        : none(),
    [api, stage, subjectCode, editionId],
  );
  const failed = [subjects, editions, books].find((s) => s.status === 'failed');
  const clear = (fields: string[]) => form.setFields(fields.map((f) => ({ name: ['scope', name, f], value: f === 'bookIds' ? [] : undefined, errors: [] })));
  const n = index + 1;

  return (
    <fieldset className="ds-act-scope-row">
      <legend>{t('actm.f.scopeRow', { n })}</legend>
      <Form.Item name={[name, 'stage']} label={t('actm.f.stage')} rules={[{ required: true, message: t('actm.f.stageRequired') }]}>
        <Select
          disabled={locked}
          options={STAGES.map((s) => ({ value: s.value, label: en ? s.labelEn : s.label }))}
          onChange={() => clear(['subjectCode', 'editionId', 'bookIds'])}
        />
      </Form.Item>
      <Form.Item name={[name, 'subjectCode']} label={t('actm.f.subject')} rules={[{ required: true, message: t('actm.f.subjectRequired') }]}>
        <Select
          disabled={locked || !stage}
          loading={subjects.status === 'loading'}
          options={(subjects.data ?? []).map((s) => ({ value: s.subjectCode, label: s.subjectName }))}
          onChange={() => clear(['editionId', 'bookIds'])}
        />
      </Form.Item>
      <Form.Item name={[name, 'editionId']} label={t('actm.f.edition')}>
        <Select
          allowClear
          placeholder={t('actm.f.allEditions')}
          disabled={locked || !subjectCode}
          loading={editions.status === 'loading'}
          options={(editions.data ?? []).map((e) => ({ value: e.editionId, label: e.editionName }))}
          onChange={() => clear(['bookIds'])}
        />
      </Form.Item>
      <Form.Item name={[name, 'bookIds']} label={t('actm.f.books')} className="ds-act-books">
        <Select
          mode="multiple"
          allowClear
          placeholder={t('actm.f.allBooks')}
          disabled={locked || !editionId}
          loading={books.status === 'loading'}
          options={(books.data ?? []).map((b) => ({ value: b.bookId, label: b.bookName }))}
        />
      </Form.Item>
      {onRemove && !locked ? (
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('actm.f.removeScope', { n })} onClick={onRemove} style={{ marginTop: 30 }} />
      ) : null}
      {failed?.status === 'failed' ? <Alert type="error" showIcon title={t('actm.f.optionsFailed', { message: failed.message })} action={<Button onClick={failed.reload}>{t('retry')}</Button>} /> : null}
    </fieldset>
  );
}
