import { SearchButtons } from '../kit';
import { Form, Input, Select } from 'antd';
import { useT } from '../../i18n/useT';

type Value = string | number;
export type FilterValues = Record<string, Value | undefined>;

export interface FilterField {
  name: string;
  label: string;
  /** A select: its options, from the values chosen so far (a subject list follows the stage). Omit for free text. */
  options?: (values: FilterValues) => { value: Value; label: string }[];
  /** Fields cleared when this one changes (the subject when the stage changes). */
  clears?: string[];
}

/**
 * A statistics table's filter bar: text fields and selects, 查询 writes them to the URL, 重置 clears
 * them. The bar shows what the URL says (back/forward, a shared link).
 */
export function FilterBar<F extends object>({ name, label, fields, filters, onSearch }: { name: string; label: string; fields: FilterField[]; filters: F; onSearch: (filters: F) => void }) {
  const t = useT();
  const [form] = Form.useForm<FilterValues>();
  const values = (Form.useWatch([], form) as FilterValues | undefined) ?? (filters as FilterValues);

  return (
    <Form<FilterValues>
      key={JSON.stringify(filters)}
      form={form}
      name={name}
      className="ds-mgmt-filters"
      layout="inline"
      role="search"
      aria-label={label}
      initialValues={filters}
      onValuesChange={(changed) => {
        for (const field of fields) if (field.name in changed && field.clears) form.setFieldsValue(Object.fromEntries(field.clears.map((c) => [c, undefined])));
      }}
      onFinish={(v) => {
        const kept = Object.entries(v).filter(([, value]) => value !== undefined && value !== null && String(value).trim() !== '');
        onSearch(Object.fromEntries(kept.map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value])) as F);
      }}
    >
      {fields.map((field) =>
        field.options ? (
          <Form.Item key={field.name} name={field.name} label={field.label}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} className="ds-mgmt-select" placeholder={t('ri.all')} options={field.options(values)} />
          </Form.Item>
        ) : (
          <Form.Item key={field.name} name={field.name} label={field.label}>
            <Input allowClear maxLength={50} />
          </Form.Item>
        ),
      )}
      <SearchButtons
        onReset={() => {
          form.resetFields();
          onSearch({} as F);
        }}
      />
    </Form>
  );
}
