import { FileCategories } from '@dscloud/sdk/codes';
import { PackageItem, PackageItems } from '@dscloud/sdk/activities';
import { Alert, Checkbox, Form, InputNumber, Select, Switch } from 'antd';
import { useLocale, useT } from '../../../i18n/useT';
import type { TemplateRow } from '../activityForm';
import type { StepProps } from './stepProps';

/** The file kinds a package item may take (pictures, video, audio, text, presentations, archives). */
const CATEGORIES = FileCategories.entries.filter((c) => [1, 2, 3, 5, 6, 7].includes(c.value));

/**
 * 作品包要求: for each package item whether it is asked for, whether it is required, which file kinds
 * it takes and how many files. Publishing needs the lesson video as a required item.
 */
export function TemplateStep({ limits }: StepProps) {
  const t = useT();
  const en = useLocale() === 'en';
  const form = Form.useFormInstance();
  // `preserve`: the rows are read before their fields exist (the fields are made from the rows).
  const rows = (Form.useWatch('packageTemplate', { form, preserve: true }) as TemplateRow[] | undefined) ?? [];
  const locked = limits.settingsLocked;
  const video = rows.find((r) => r.item === PackageItem.VIDEO);
  return (
    <>
      {limits.settingsLocked && !limits.readOnly ? <Alert type="info" showIcon title={t('actm.lock.settings')} style={{ marginBottom: 12 }} /> : null}
      {video && !(video.enabled && video.required) ? <Alert type="warning" showIcon title={t('actm.f.videoRequired')} style={{ marginBottom: 12 }} /> : null}
      <table className="ds-act-template">
        <caption className="ds-visually-hidden">{t('actm.f.templateTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('actm.f.item')}</th>
            <th scope="col">{t('actm.f.enabled')}</th>
            <th scope="col">{t('actm.f.required')}</th>
            <th scope="col">{t('actm.f.categories')}</th>
            <th scope="col">{t('actm.f.maxFiles')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const entry = PackageItems.find(row.item);
            const item = entry ? (en ? entry.labelEn : entry.label) : String(row.item);
            const off = locked || !row.enabled;
            // The lesson video is one video file (the server's rule): only whether it is asked and required change.
            const fixedFiles = off || row.item === PackageItem.VIDEO;
            return (
              <tr key={row.item}>
                <th scope="row">{item}</th>
                <td>
                  <Form.Item name={['packageTemplate', index, 'enabled']} valuePropName="checked" noStyle>
                    <Switch aria-label={t('actm.f.enableItem', { item })} disabled={locked} />
                  </Form.Item>
                </td>
                <td>
                  <Form.Item name={['packageTemplate', index, 'required']} valuePropName="checked" noStyle>
                    <Checkbox disabled={off}>
                      <span className="ds-visually-hidden">{t('actm.f.requireItem', { item })}</span>
                    </Checkbox>
                  </Form.Item>
                </td>
                <td>
                  <Form.Item
                    name={['packageTemplate', index, 'fileCategories']}
                    rules={[{ validator: async (_, v?: number[]) => (row.enabled && !v?.length ? Promise.reject(new Error(t('actm.f.categoriesRequired'))) : undefined) }]}
                    style={{ marginBottom: 0 }}
                  >
                    <Select
                      mode="multiple"
                      aria-label={t('actm.f.categoriesOf', { item })}
                      disabled={fixedFiles}
                      style={{ minWidth: 200 }}
                      options={CATEGORIES.map((c) => ({ value: c.value, label: en ? c.labelEn : c.label }))}
                    />
                  </Form.Item>
                </td>
                <td>
                  <Form.Item name={['packageTemplate', index, 'maxFiles']} style={{ marginBottom: 0 }}>
                    <InputNumber aria-label={t('actm.f.maxFilesOf', { item })} min={1} max={10} precision={0} disabled={fixedFiles} />
                  </Form.Item>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
