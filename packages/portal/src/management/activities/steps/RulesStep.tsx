import { DEFAULT_VIDEO_RULES, type VideoRuleKey } from '@dscloud/sdk/activities';
import { Button, Checkbox, Form, InputNumber, Select, Switch } from 'antd';
import { useT, type TKey } from '../../../i18n/useT';
import { videoRulesToForm } from '../activityForm';
import type { StepProps } from './stepProps';

const RULE_KEYS: readonly VideoRuleKey[] = ['container', 'videoCodec', 'audioCodec', 'resolution', 'fps', 'duration', 'fileSize', 'bitrate', 'audioBitrate'];

const NUMBERS: ReadonlyArray<{ name: string; label: TKey; min: number; max: number; step?: number; precision?: number }> = [
  { name: 'minWidth', label: 'actm.f.minWidth', min: 1, max: 7680, precision: 0 },
  { name: 'minHeight', label: 'actm.f.minHeight', min: 1, max: 4320, precision: 0 },
  { name: 'fps', label: 'actm.f.fps', min: 1, max: 120, precision: 0 },
  { name: 'minDurationMinutes', label: 'actm.f.minDuration', min: 0.5, max: 600, step: 0.5 },
  { name: 'maxDurationMinutes', label: 'actm.f.maxDuration', min: 0.5, max: 600, step: 0.5 },
  { name: 'maxFileSizeMb', label: 'actm.f.maxFileSize', min: 1, max: 20480, precision: 0 },
  { name: 'bitrateKbps', label: 'actm.f.bitrate', min: 1, max: 200000, precision: 0 },
  { name: 'bitrateTolerancePercent', label: 'actm.f.bitrateTolerance', min: 0, max: 100, precision: 0 },
  { name: 'minAudioBitrateKbps', label: 'actm.f.minAudioBitrate', min: 1, max: 2000, precision: 0 },
];

/**
 * 征集规则: nodes per teacher, teachers per node, whether warnings block submission, and the video
 * technical rules of the automatic format review (defaults: the 精品课 standard).
 */
export function RulesStep({ limits }: StepProps) {
  const t = useT();
  const form = Form.useFormInstance();
  const locked = limits.settingsLocked;
  const readOnly = limits.readOnly;
  const floor = limits.rulesFloor;
  return (
    <>
      {locked && !limits.readOnly ? <p className="ds-mgmt-muted">{t('actm.lock.settings')}</p> : null}
      <div className="ds-act-grid">
        <Form.Item
          name={['rules', 'nodesPerTeacher']}
          label={t('actm.f.nodesPerTeacher')}
          rules={[{ required: true, message: t('actm.f.valueRequired') }]}
          extra={floor ? t('actm.lock.rulesFloor', { n: floor.nodesPerTeacher }) : undefined}
        >
          <InputNumber min={floor?.nodesPerTeacher ?? 1} max={20} precision={0} disabled={readOnly} />
        </Form.Item>
        <Form.Item
          name={['rules', 'teachersPerNode']}
          label={t('actm.f.teachersPerNode')}
          rules={[{ required: true, message: t('actm.f.valueRequired') }]}
          extra={floor ? t('actm.lock.rulesFloor', { n: floor.teachersPerNode }) : undefined}
        >
          <InputNumber min={floor?.teachersPerNode ?? 1} max={100} precision={0} disabled={readOnly} />
        </Form.Item>
      </div>
      <Form.Item name={['rules', 'allowFormatWarnings']} valuePropName="checked">
        <Checkbox disabled={readOnly || floor?.allowFormatWarnings === true}>{t('actm.f.allowWarnings')}</Checkbox>
      </Form.Item>
      <fieldset className="ds-act-fieldset">
        <legend>{t('actm.f.videoRules')}</legend>
        <p className="ds-mgmt-muted">{t('actm.f.videoRulesHelp')}</p>
        <div className="ds-act-grid">
          <Form.Item name={['videoRules', 'checkVideoCodec']} valuePropName="checked" label={t('actm.f.checkVideoCodec')}>
            <Switch disabled={locked} />
          </Form.Item>
          <Form.Item name={['videoRules', 'checkAudioCodec']} valuePropName="checked" label={t('actm.f.checkAudioCodec')}>
            <Switch disabled={locked} />
          </Form.Item>
          {NUMBERS.map((n) => (
            <Form.Item
              key={n.name}
              name={['videoRules', n.name]}
              label={t(n.label)}
              {...(n.name === 'maxDurationMinutes'
                ? {
                    dependencies: [['videoRules', 'minDurationMinutes']],
                    rules: [
                      {
                        validator: async (_: unknown, max: number | null) => {
                          const min = form.getFieldValue(['videoRules', 'minDurationMinutes']) as number | null;
                          if (max !== null && max !== undefined && min !== null && min !== undefined && max < min) throw new Error(t('actm.f.durationOrder'));
                        },
                      },
                    ],
                  }
                : {})}
            >
              <InputNumber min={n.min} max={n.max} step={n.step ?? 1} precision={n.precision} disabled={locked} style={{ width: '100%' }} />
            </Form.Item>
          ))}
        </div>
        <Form.Item name={['videoRules', 'warnings']} label={t('actm.f.warnings')}>
          <Select mode="multiple" disabled={locked} options={RULE_KEYS.map((k) => ({ value: k, label: t(`actm.rule.${k}`) }))} />
        </Form.Item>
        {locked ? null : <Button onClick={() => form.setFieldValue('videoRules', videoRulesToForm(DEFAULT_VIDEO_RULES))}>{t('actm.f.resetVideoRules')}</Button>}
      </fieldset>
    </>
  );
}
