import { SearchButtons } from '../kit';
import { ActivityPhases, ActivitySystems } from '@dscloud/sdk/activities';
import { Form, Input, Select } from 'antd';
import { useLocale, useT } from '../../i18n/useT';
import type { ActivityFilters } from './activityTableSpec';

interface FormValues {
  keyword?: string;
  system?: number;
  phase?: string;
}

/** The activity table's filters: name, activity type and status/phase. 查询 writes them to the URL. */
export function ActivityFilterBar({ filters, onSearch }: { filters: ActivityFilters; onSearch: (f: ActivityFilters) => void }) {
  const t = useT();
  const locale = useLocale();
  const [form] = Form.useForm<FormValues>();
  const label = (entry: { label: string; labelEn: string }) => (locale === 'en' ? entry.labelEn : entry.label);

  return (
    <Form<FormValues>
      // A new URL (back/forward, a shared link) shows its own filters.
      key={JSON.stringify(filters)}
      form={form}
      name="activityFilters"
      className="ds-mgmt-filters"
      layout="inline"
      role="search"
      aria-label={t('actm.filters')}
      initialValues={filters}
      onFinish={(v) =>
        onSearch({
          ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
          ...(v.system !== undefined && v.system !== null ? { system: v.system } : {}),
          ...(v.phase ? { phase: v.phase } : {}),
        })
      }
    >
      <Form.Item name="keyword" label={t('actm.keyword')}>
        <Input allowClear maxLength={50} />
      </Form.Item>
      <Form.Item name="system" label={t('actm.system')}>
        <Select allowClear className="ds-mgmt-select" placeholder={t('actm.all')} options={ActivitySystems.entries.map((s) => ({ value: s.value, label: label(s) }))} />
      </Form.Item>
      <Form.Item name="phase" label={t('actm.phase')}>
        <Select allowClear className="ds-mgmt-select" placeholder={t('actm.all')} options={ActivityPhases.entries.map((p) => ({ value: p.value, label: label(p) }))} />
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
