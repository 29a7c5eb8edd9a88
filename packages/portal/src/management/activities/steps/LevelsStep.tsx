import { AuditLevels, type AuditLevelCode } from '@dscloud/sdk/activities';
import { Checkbox, Form } from 'antd';
import { useLocale, useT } from '../../../i18n/useT';
import { ReviewRulesFields } from './ReviewRulesFields';
import type { StepProps } from './stepProps';

/** 评审级别: the levels the works go through, school → district → city, none above the organiser's; and the review rules. */
export function LevelsStep({ limits, allowed }: StepProps & { allowed: readonly AuditLevelCode[] }) {
  const t = useT();
  const en = useLocale() === 'en';
  return (
    <>
      <Form.Item
        name="reviewLevels"
        label={t('actm.f.levels')}
        extra={limits.settingsLocked && !limits.readOnly ? t('actm.lock.settings') : t('actm.f.levelsHelp')}
        rules={[{ type: 'array', min: 1, message: t('actm.f.levelsRequired') }]}
      >
        <Checkbox.Group
          disabled={limits.settingsLocked}
          options={AuditLevels.entries.filter((l) => allowed.includes(l.value)).map((l) => ({ value: l.value, label: en ? l.labelEn : l.label }))}
        />
      </Form.Item>
      <ReviewRulesFields disabled={limits.settingsLocked} />
    </>
  );
}
