import { useLocale, useT } from '../../i18n/useT';
import { spentTime } from '../format';
import { useAsync } from '../useAsync';
import { useLessonsApi } from '../useLessonsApi';

/** The viewer's learning in four numbers: lessons, time, notes, collections. */
export function LearningTotals() {
  const t = useT();
  const en = useLocale() === 'en';
  const api = useLessonsApi();
  const totals = useAsync(() => api.totals(), [api]);
  const d = totals.data;
  const items = [
    { key: 'lessons', title: t('record.totalLessons'), value: d ? String(d.learningCount) : '–' },
    { key: 'time', title: t('record.totalTime'), value: d ? spentTime(d.totalDuration, en) : '–' },
    { key: 'notes', title: t('record.notes'), value: d ? String(d.noteCount) : '–' },
    { key: 'collections', title: t('record.collections'), value: d ? String(d.collectionCount) : '–' },
  ];
  return (
    <ul className="ds-totals" aria-busy={totals.status === 'loading'}>
      {items.map((item) => (
        <li key={item.key} className="ds-panel" data-total={item.key}>
          <span className="ds-total-title">{item.title}</span>
          <strong className="ds-total-value">{item.value}</strong>
        </li>
      ))}
    </ul>
  );
}
