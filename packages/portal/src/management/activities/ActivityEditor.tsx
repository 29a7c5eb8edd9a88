import { ActivityPhases, ActivityStatus, type ActivityDetail, type AuditLevelCode } from '@dscloud/sdk/activities';
import { Alert, App, Button, Form, Steps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLocale, useT } from '../../i18n/useT';
import { dateTime } from '../../lessons/format';
import { LeaveGuard } from '../../lessons/teach/LeaveGuard';
import { markServerError, type FieldPath } from '../kit';
import { emptyActivityValues, fromActivityDetail, fromScopeEntries, publishGaps, toActivityInput, type ActivityFormValues } from './activityForm';
import { formPathOf, STEP_FIELDS, STEPS, stepOfPath, type StepKey } from './activitySteps';
import { windowProblems, type WindowName } from './activityWindows';
import { editLimits } from './editLimits';
import { LIST_PATH } from './paths';
import { refusalOf } from './saveOutcome';
import { ScopeNames } from './scopeNames';
import { BasicsStep } from './steps/BasicsStep';
import { LevelsStep } from './steps/LevelsStep';
import { RulesStep } from './steps/RulesStep';
import { ScopeStep } from './steps/ScopeStep';
import { SummaryStep } from './steps/SummaryStep';
import { TemplateStep } from './steps/TemplateStep';
import { WindowsStep } from './steps/WindowsStep';
import { useActivityManageApi } from './useActivityManageApi';

export interface ActivityEditorProps {
  /** The stored activity; null for a new one (the first 下一步 creates the draft). */
  initial: ActivityDetail | null;
  organiser: string;
  allowedLevels: readonly AuditLevelCode[];
  /** The draft was created: the screen's address takes its id. */
  onCreated: (activityId: string) => void;
}

/** Every value of the form, each top-level field replaced whole (arrays included). */
const replaceAll = (values: ActivityFormValues) => Object.entries(values).map(([name, value]) => ({ name: name as never, value: value as unknown }));

/**
 * The activity step form: basics, scope, windows, review levels, package template, rules, summary.
 * Each 下一步 checks its step and saves (save, then edit with the version read); a stale version
 * offers the current one; a refusal that names a field shows under it, on its step. What the status
 * forbids is disabled, with the reason.
 */
export function ActivityEditor({ initial, organiser, allowedLevels, onCreated }: ActivityEditorProps) {
  const t = useT();
  const en = useLocale() === 'en';
  const api = useActivityManageApi();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<ActivityFormValues>();
  const [detail, setDetail] = useState<ActivityDetail | null>(initial);
  const [now] = useState(() => Date.now());
  const [names] = useState(() => new ScopeNames(initial?.scope ?? []));
  const [initialValues] = useState(() => (initial ? fromActivityDetail(initial) : emptyActivityValues(allowedLevels)));
  const [stepIndex, setStepIndex] = useState(0);
  const [furthest, setFurthest] = useState(initial ? STEPS.length - 1 : 0);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<ActivityDetail | null>(null);
  const focusNext = useRef<FieldPath | null>(null);
  const steps = useRef<HTMLElement>(null);
  const shownStep = useRef(stepIndex);

  const limits = editLimits(detail, detail ? fromScopeEntries(detail.scope).length : 0, now);
  const step = STEPS[stepIndex]!;
  const draft = !detail || detail.status === ActivityStatus.DRAFT;

  // A field on another step is focused once that step shows; any other new step shows from its top
  // (下一步 is below a long step: the next one would open scrolled to its middle), as a new page does.
  useEffect(() => {
    if (shownStep.current === stepIndex) return;
    shownStep.current = stepIndex;
    const path = focusNext.current;
    focusNext.current = null;
    const nav = steps.current;
    if (path) form.scrollToField(path, { focus: true });
    else if (nav && nav.getBoundingClientRect().top < parseFloat(getComputedStyle(nav).scrollMarginTop)) nav.scrollIntoView({ block: 'start' });
  }, [stepIndex, form]);

  const go = (index: number) => {
    setStepIndex(index);
    setFurthest((f) => Math.max(f, index));
  };
  const showField = (path: FieldPath) => {
    const target = stepOfPath(path);
    const index = target ? STEPS.indexOf(target) : stepIndex;
    if (index === stepIndex) form.scrollToField(path, { focus: true });
    else {
      focusNext.current = path;
      go(index);
    }
  };

  const refuse = (error: unknown, values: ActivityFormValues) => {
    const refusal = refusalOf(error);
    if (refusal.kind === 'stale') return setStale(refusal.current);
    if (refusal.kind === 'field') {
      const path = formPathOf(refusal.field, values);
      if (path && markServerError(form, error, () => path)) return showField(path);
    }
    setFailure(refusal.message);
  };

  /** Saves the whole form; resolves with the stored activity, or null when refused (already shown). */
  const persist = async (values: ActivityFormValues, base: ActivityDetail | null = detail): Promise<ActivityDetail | null> => {
    setSaving(true);
    setFailure(null);
    try {
      const answer = base
        ? await api.edit({ ...toActivityInput(values), activityId: base.activityId, version: base.version })
        : await api.save(toActivityInput(values));
      setDetail(answer);
      setStale(null);
      setSavedAt(Date.now());
      if (!base) onCreated(answer.activityId);
      return answer;
    } catch (error) {
      refuse(error, values);
      return null;
    } finally {
      setSaving(false);
    }
  };

  /** Checks the named steps' fields; on a problem shows its step and field. */
  const check = async (steps: readonly StepKey[]): Promise<ActivityFormValues | null> => {
    try {
      await form.validateFields(
        steps.flatMap((s) => STEP_FIELDS[s].map((name) => [name])),
        { recursive: true },
      );
      return form.getFieldsValue(true) as ActivityFormValues;
    } catch (error) {
      const first = (error as { errorFields?: Array<{ name: FieldPath }> }).errorFields?.[0];
      if (first) showField(first.name);
      return null;
    }
  };

  const next = async () => {
    if (!limits.readOnly) {
      const values = await check([step]);
      if (!values || !(await persist(values))) return;
    }
    go(stepIndex + 1);
  };

  const saveAll = async () => {
    const values = await check(STEPS);
    if (values && (await persist(values))) void message.success(t('kit.success'));
  };

  const publish = async () => {
    const values = await check(STEPS);
    if (!values) return;
    const problems = Object.entries(windowProblems(values.windows, true)) as Array<[WindowName, string]>;
    if (problems.length) {
      form.setFields(problems.map(([w, rule]) => ({ name: ['windows', w] as never, errors: [t(`actm.win.${rule}` as 'actm.win.missing', { time: '' })] })));
      return showField(['windows', problems[0]![0]]);
    }
    modal.confirm({
      title: t('kit.confirm.title'),
      content: t('actm.confirm.publish', { name: values.name.trim() }),
      okText: t('kit.ok'),
      cancelText: t('kit.cancel'),
      onOk: async () => {
        const saved = await persist(values);
        if (!saved) return;
        try {
          await api.setStatus({ activityId: saved.activityId, status: ActivityStatus.PUBLISHED, version: saved.version });
          void message.success(t('actm.published'));
          void navigate(LIST_PATH);
        } catch (error) {
          refuse(error, values);
        }
      },
    });
  };

  const loadLatest = (current: ActivityDetail) => {
    setDetail(current);
    setStale(null);
    form.setFields(replaceAll(fromActivityDetail(current)));
  };
  const overwrite = (current: ActivityDetail) => {
    setStale(null);
    setDetail(current);
    void persist(form.getFieldsValue(true) as ActivityFormValues, current);
  };

  const summaryValues = step === 'summary' ? (form.getFieldsValue(true) as ActivityFormValues) : null;
  const gaps = summaryValues ? publishGaps(summaryValues, Object.keys(windowProblems(summaryValues.windows, true)).length === 0) : [];
  const phase = detail ? ActivityPhases.find(detail.phase) : undefined;
  const lockReason = limits.reason ? (`actm.lock.${limits.reason}` as const) : null;

  return (
    <div className="ds-act-form">
      <LeaveGuard active={uploading} />
      <div className="ds-mgmt-head">
        {phase ? <span className="ds-act-tag">{en ? phase.labelEn : phase.label}</span> : null}
        <span className="ds-mgmt-muted" aria-live="polite">
          {savedAt ? t('actm.savedAt', { time: dateTime(savedAt) }) : ''}
        </span>
      </div>
      {lockReason ? <Alert type={limits.readOnly ? 'warning' : 'info'} showIcon title={t(lockReason)} /> : null}
      {stale ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('actm.stale.title')}
          description={t('actm.stale.desc', { version: stale.version })}
          action={
            <div className="ds-act-actions">
              <Button onClick={() => loadLatest(stale)}>{t('actm.stale.load')}</Button>
              <Button danger onClick={() => overwrite(stale)}>
                {t('actm.stale.overwrite')}
              </Button>
            </div>
          }
        />
      ) : null}
      <nav ref={steps} className="ds-act-steps" aria-label={t('actm.steps')}>
        <Steps
          current={stepIndex}
          size="small"
          onChange={(index) => index <= furthest && go(index)}
          items={STEPS.map((key, index) => ({ key, title: t(`actm.step.${key}`), disabled: index > furthest }))}
        />
      </nav>
      <Form<ActivityFormValues> form={form} layout="vertical" initialValues={initialValues} name="activity" onFinish={() => void next()}>
        {STEPS.filter((key) => key !== 'summary').map((key) => (
          <section key={key} className="ds-act-step" hidden={key !== step} aria-labelledby={`act-step-${key}`}>
            <h2 id={`act-step-${key}`}>{t(`actm.step.${key}`)}</h2>
            {key === 'basics' ? <BasicsStep limits={limits} organiser={detail?.orgName ?? organiser} onBusy={setUploading} /> : null}
            {key === 'scope' ? <ScopeStep limits={limits} api={api} names={names} /> : null}
            {key === 'windows' ? <WindowsStep limits={limits} saved={detail} now={now} /> : null}
            {key === 'levels' ? <LevelsStep limits={limits} allowed={allowedLevels} /> : null}
            {key === 'template' ? <TemplateStep limits={limits} /> : null}
            {key === 'rules' ? <RulesStep limits={limits} /> : null}
          </section>
        ))}
        {summaryValues ? (
          <section className="ds-act-step" aria-labelledby="act-step-summary">
            <h2 id="act-step-summary">{t('actm.step.summary')}</h2>
            <SummaryStep
              values={summaryValues}
              organiser={detail?.orgName ?? organiser}
              names={names}
              gaps={gaps}
              showGaps={draft}
              goTo={(key) => go(STEPS.indexOf(key))}
            />
          </section>
        ) : null}
      </Form>
      {failure ? <Alert type="error" showIcon role="alert" title={t('actm.saveFailed')} description={failure} /> : null}
      <div className="ds-act-actions">
        {stepIndex > 0 ? <Button onClick={() => go(stepIndex - 1)}>{t('actm.prev')}</Button> : null}
        {step !== 'summary' ? (
          <Button type="primary" loading={saving} disabled={uploading} onClick={() => void next()}>
            {t('actm.next')}
          </Button>
        ) : limits.readOnly ? null : draft ? (
          <>
            <Button loading={saving} disabled={uploading} onClick={() => void saveAll()}>
              {t('actm.saveDraft')}
            </Button>
            <Button type="primary" loading={saving} disabled={uploading || gaps.length > 0} onClick={() => void publish()}>
              {t('actm.publishNow')}
            </Button>
          </>
        ) : (
          <Button type="primary" loading={saving} disabled={uploading} onClick={() => void saveAll()}>
            {t('actm.saveChanges')}
          </Button>
        )}
        <Button type="link" onClick={() => void navigate(LIST_PATH)}>
          {t('actm.backToList')}
        </Button>
      </div>
    </div>
  );
}
