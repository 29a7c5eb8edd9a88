import { AuditLevels, type AuditLevelCode } from '@dscloud/sdk/activities';
import { Button, Checkbox, Form, Input, InputNumber, Radio } from 'antd';
import { useLocale, useT } from '../../../i18n/useT';
import { RUBRIC_MAX_ITEMS, TEMPLATE_MAX_CHARS, TEMPLATES_MAX } from '@dscloud/sdk/review';
import { reviewRulesProblems, rubricTotalOf, type ReviewRulesForm } from '../reviewRulesForm';

type Path = (string | number)[];
const same = (a: Path, b: Path) => a.length === b.length && a.every((x, i) => String(x) === String(b[i]));

/**
 * 评审规则 (in the levels step): blind review, one or two reviewers per work and how two decisions
 * combine, the pass score, quotas of the chosen levels, the rubric and the opinion templates. Each field
 * says the server's rule in the server's words before the save is sent.
 */
export function ReviewRulesFields({ disabled }: { disabled: boolean }) {
  const t = useT();
  const en = useLocale() === 'en';
  const form = Form.useFormInstance();
  const levels = (Form.useWatch('reviewLevels', form) as AuditLevelCode[] | undefined) ?? [];
  const two = Form.useWatch(['reviewRules', 'reviewersPerWork'], form) === 2;
  const rubric = (Form.useWatch(['reviewRules', 'rubric'], form) as ReviewRulesForm['rubric'] | undefined) ?? [];
  const rule = (path: Path) => ({
    validator: async () => {
      const problem = reviewRulesProblems((form.getFieldValue('reviewRules') as ReviewRulesForm) ?? {}).find((p) => same(p.path, path));
      if (problem) throw new Error(en ? problem.en : problem.zh);
    },
  });
  const levelName = (l: AuditLevelCode) => {
    const e = AuditLevels.find(l);
    return e ? (en ? e.labelEn : e.label) : String(l);
  };
  return (
    <fieldset className="ds-act-fieldset">
      <legend>{t('rv.rules')}</legend>
      <Form.Item name={['reviewRules', 'blind']} valuePropName="checked">
        <Checkbox disabled={disabled}>{t('rv.rules.blind')}</Checkbox>
      </Form.Item>
      <Form.Item name={['reviewRules', 'reviewersPerWork']} label={t('rv.rules.reviewers')}>
        <Radio.Group
          disabled={disabled}
          options={[
            { value: 1, label: t('rv.rules.one') },
            { value: 2, label: t('rv.rules.two') },
          ]}
        />
      </Form.Item>
      {two ? (
        <Form.Item name={['reviewRules', 'combine']} label={t('rv.rules.combine')}>
          <Radio.Group
            disabled={disabled}
            options={[
              { value: 'average', label: t('rv.rules.average') },
              { value: 'final', label: t('rv.rules.final') },
            ]}
          />
        </Form.Item>
      ) : null}
      <div className="ds-act-grid">
        <Form.Item name={['reviewRules', 'passScore']} label={t('rv.rules.passScore')} rules={[rule(['reviewRules', 'passScore'])]}>
          <InputNumber min={0} max={100} disabled={disabled} style={{ width: '100%' }} />
        </Form.Item>
        {[...levels].sort().map((level) => (
          <Form.Item
            key={level}
            name={['reviewRules', 'quotas', level]}
            label={t('rv.rules.quota', { level: levelName(level) })}
            extra={t('rv.rules.quotaHelp')}
            rules={[rule(['reviewRules', 'quotas', level])]}
          >
            <InputNumber min={1} precision={0} disabled={disabled} style={{ width: '100%' }} />
          </Form.Item>
        ))}
      </div>
      <div className="ds-act-rows" role="group" aria-labelledby="rv-rubric-title">
        <span id="rv-rubric-title">{t('rv.rules.rubric')}</span>
        <span className="ds-mgmt-muted">{t('rv.rules.rubricHelp')}</span>
        <RubricRows disabled={disabled} rule={rule} />
        <span className="ds-mgmt-muted" aria-live="polite">
          {t('rv.rules.rubricTotal', { total: rubricTotalOf(rubric) })}
        </span>
      </div>
      <Form.List name={['reviewRules', 'opinionTemplates']}>
        {(fields, { add, remove }) => (
          <div className="ds-act-rows" role="group" aria-label={t('rv.rules.templates')}>
            <span>{t('rv.rules.templates')}</span>
            {fields.map((field, i) => (
              <div key={field.key} className="ds-act-row">
                <Form.Item name={field.name} label={t('rv.rules.template', { n: i + 1 })} rules={[rule(['reviewRules', 'opinionTemplates', i])]}>
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={TEMPLATE_MAX_CHARS + 1} disabled={disabled} />
                </Form.Item>
                {disabled ? null : (
                  <Button type="link" danger onClick={() => remove(field.name)} aria-label={t('rv.rules.removeTemplate', { n: i + 1 })}>
                    {t('rv.cp.remove')}
                  </Button>
                )}
              </div>
            ))}
            {disabled || fields.length >= TEMPLATES_MAX ? null : <Button onClick={() => add('')}>{t('rv.rules.addTemplate')}</Button>}
          </div>
        )}
      </Form.List>
    </fieldset>
  );
}

/** The rubric rows inside the rubric's Form.Item (which shows the total's problem). */
function RubricRows({ disabled, rule }: { disabled: boolean; rule: (path: Path) => { validator: () => Promise<void> } }) {
  const t = useT();
  return (
    <Form.List name={['reviewRules', 'rubric']} rules={[rule(['reviewRules', 'rubric'])]}>
      {(fields, { add, remove }, { errors }) => (
        <div className="ds-act-rows">
          {fields.map((field, i) => (
            <div key={field.key} className="ds-act-row ds-act-grid">
              <Form.Item name={[field.name, 'name']} label={t('rv.rules.rubricName', { n: i + 1 })} rules={[rule(['reviewRules', 'rubric', i, 'name'])]}>
                <Input maxLength={51} disabled={disabled} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'max']}
                label={t('rv.rules.rubricMax', { n: i + 1 })}
                dependencies={fields.map((f) => ['reviewRules', 'rubric', f.name, 'max'])}
                rules={[rule(['reviewRules', 'rubric', i, 'max'])]}
              >
                <InputNumber min={0.5} max={100} step={0.5} disabled={disabled} style={{ width: '100%' }} />
              </Form.Item>
              {disabled ? null : (
                <Button type="link" danger onClick={() => remove(field.name)} aria-label={t('rv.rules.removeItem', { n: i + 1 })}>
                  {t('rv.cp.remove')}
                </Button>
              )}
            </div>
          ))}
          <div role="alert">
            <Form.ErrorList errors={errors} />
          </div>
          {disabled || fields.length >= RUBRIC_MAX_ITEMS ? null : <Button onClick={() => add({ name: '', max: null })}>{t('rv.rules.addItem')}</Button>}
        </div>
      )}
    </Form.List>
  );
}
