import { ActivitySystems, AuditLevels, PackageItems } from '@dscloud/sdk/activities';
import { Stages } from '@dscloud/sdk/codes';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useLocale, useT, type TKey } from '../../../i18n/useT';
import { dateTime } from '../../../lessons/format';
import type { ActivityFormValues, PublishGap } from '../activityForm';
import type { StepKey } from '../activitySteps';
import { WINDOW_NAMES } from '../activityWindows';
import type { ScopeNames } from '../scopeNames';

const GAP_STEP: Record<PublishGap, StepKey> = {
  name: 'basics',
  activitySystem: 'basics',
  scope: 'scope',
  windows: 'windows',
  reviewLevels: 'levels',
  video: 'template',
};

const WINDOW_LABEL = { signUp: 'actm.f.signUp', upload: 'actm.f.upload', audit: 'actm.f.audit' } as const satisfies Record<string, TKey>;

export interface SummaryProps {
  values: ActivityFormValues;
  organiser: string;
  names: ScopeNames;
  /** What publishing still needs (empty for a published activity). */
  gaps: PublishGap[];
  showGaps: boolean;
  goTo: (step: StepKey) => void;
}

/** 确认发布: everything the activity says, and what publishing still needs, each with a way to it. */
export function SummaryStep({ values, organiser, names, gaps, showGaps, goTo }: SummaryProps) {
  const t = useT();
  const en = useLocale() === 'en';
  const label = (entry: { label: string; labelEn: string } | undefined, fallback = '—') => (entry ? (en ? entry.labelEn : entry.label) : fallback);
  const notSet = <span className="ds-mgmt-muted">{t('actm.sum.notSet')}</span>;
  const time = (ms: number | null | undefined) => (ms === null || ms === undefined ? '—' : dateTime(ms));

  const scope = (values.scope ?? []).filter((r) => r.stage !== undefined && r.subjectCode !== undefined);
  const items = values.packageTemplate.filter((r) => r.enabled);
  const rows: Array<[string, ReactNode]> = [
    [t('actm.f.name'), values.name.trim() || notSet],
    [t('actm.f.system'), values.activitySystem ? label(ActivitySystems.find(values.activitySystem)) : notSet],
    [t('actm.f.organiser'), organiser || '—'],
    [t('actm.f.attachments'), values.attachments.length ? values.attachments.map((a) => a.name).join('、') : t('actm.sum.none')],
    [
      t('actm.step.scope'),
      scope.length ? (
        <ul>
          {scope.map((r, i) => (
            <li key={i}>
              {[
                label(Stages.find(r.stage)),
                names.subject(r.stage!, r.subjectCode!) ?? String(r.subjectCode),
                r.editionId ? (names.edition(r.editionId) ?? r.editionId) : t('actm.f.allEditions'),
                r.editionId ? (r.bookIds?.length ? r.bookIds.map((b) => names.book(b) ?? b).join('、') : t('actm.f.allBooks')) : '',
              ]
                .filter(Boolean)
                .join(' / ')}
            </li>
          ))}
        </ul>
      ) : (
        notSet
      ),
    ],
    ...WINDOW_NAMES.map((w): [string, ReactNode] => {
      const v = values.windows[w];
      return [t(WINDOW_LABEL[w]), v ? `${time(v[0])} – ${time(v[1])}` : notSet];
    }),
    [t('actm.f.levels'), values.reviewLevels.length ? [...values.reviewLevels].sort().map((l) => label(AuditLevels.find(l))).join(' → ') : notSet],
    [
      t('actm.step.template'),
      items.length ? items.map((r) => `${label(PackageItems.find(r.item))}${r.required ? t('actm.sum.requiredMark') : ''}`).join('、') : notSet,
    ],
    [
      t('actm.step.rules'),
      t('actm.sum.rules', {
        nodes: values.rules.nodesPerTeacher,
        teachers: values.rules.teachersPerNode,
        warnings: t(values.rules.allowFormatWarnings ? 'actm.sum.warningsAllowed' : 'actm.sum.warningsRefused'),
      }),
    ],
  ];

  return (
    <>
      {showGaps ? (
        gaps.length ? (
          <Alert
            type="warning"
            showIcon
            title={t('actm.sum.gaps')}
            description={
              <ul>
                {gaps.map((gap) => (
                  <li key={gap}>
                    {t(`actm.gap.${gap}`)}{' '}
                    <Button type="link" size="small" onClick={() => goTo(GAP_STEP[gap])}>
                      {t('actm.sum.goTo')}
                    </Button>
                  </li>
                ))}
              </ul>
            }
          />
        ) : (
          <Alert type="success" showIcon title={t('actm.sum.ready')} />
        )
      ) : null}
      <h3 className="ds-act-summary-title">{t('actm.sum.title')}</h3>
      <dl className="ds-act-summary">
        {rows.map(([term, detail]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{detail}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
