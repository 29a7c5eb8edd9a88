import { PackageItems, type ActivityRules, type FormatFailure, type FormatReview } from '@dscloud/sdk/activities';
import { Alert, Tag } from 'antd';
import { toneClass } from './tone';
import { useLocale, useT } from '../i18n/useT';
import { dateTime } from '../lessons/format';
import { reviewView } from './workPackage';

function FailureRow({ failure }: { failure: FormatFailure }) {
  const t = useT();
  const en = useLocale() === 'en';
  const item = failure.item === null ? undefined : PackageItems.find(failure.item);
  return (
    <li className={`ds-act-failure ds-act-failure--${failure.severity}`} data-rule={failure.rule}>
      <Tag className={toneClass(failure.severity === 'error' ? 'red' : 'orange')}>{t(failure.severity === 'error' ? 'act.review.error' : 'act.review.warning')}</Tag>
      <span className="ds-act-failure-item">{item ? (en ? item.labelEn : item.label) : t('act.review.package')}：</span>
      {/* The server's words: Chinese, naming what was found and what is required. */}
      <span>{failure.message}</span>
    </li>
  );
}

/** 形式审查结果: passed, or every failed rule (errors first, then warnings) in the server's Chinese. */
export function FormatReviewResult({ review, rules }: { review: FormatReview; rules: Pick<ActivityRules, 'allowFormatWarnings'> }) {
  const t = useT();
  const view = reviewView(review, rules);
  const failures = [...view.errors, ...view.warnings];
  const title = view.errors.length
    ? t('act.review.failed', { n: view.errors.length })
    : view.warnings.length
      ? t('act.review.passedWithWarnings', { n: view.warnings.length })
      : t('act.review.passed');
  return (
    <section className="ds-act-review" aria-labelledby="act-review-title" aria-live="polite">
      <h3 id="act-review-title" className="ds-act-subtitle">
        {t('act.review.title')}
      </h3>
      <Alert
        type={view.errors.length ? 'error' : view.allowsSubmit ? (view.warnings.length ? 'warning' : 'success') : 'warning'}
        showIcon
        title={title}
        description={
          <>
            {failures.length ? (
              <ul className="ds-act-failures">
                {failures.map((f, i) => (
                  <FailureRow key={`${f.rule}-${f.item ?? ''}-${i}`} failure={f} />
                ))}
              </ul>
            ) : null}
            <span className="ds-act-muted">{t('act.review.checkedAt', { time: dateTime(review.checkedAt) })}</span>
          </>
        }
      />
    </section>
  );
}
