import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useT } from '../i18n/useT';
import { useCurrentUser, useViewer } from '../platform/hooks';
import { formatChoice, narrow, parseChoice, sameCurriculum, toFilter, type HistoryLabels, type LearnChoice } from './learnFilter';
import { ChoiceChips } from './ChoiceChips';
import { LearnFilters } from './LearnFilters';
import { LessonGrid } from './LessonGrid';
import { Pager } from './Pager';
import { SearchBox } from './SearchBox';
import { TeachEntry } from './teach/TeachEntry';
import { mapAsync, useAsync } from './useAsync';
import { useLessonsApi } from './useLessonsApi';
import { useLearnHistory } from './useLearnHistory';
import './lessons.css';
import './learn.css';

const PAGE_SIZE = 12;

/**
 * 智慧学习 (students) / 智慧教学 (teachers): on-demand lessons filtered by curriculum, keyword and order.
 * The choice lives in the address (`/learn/demand/subjectCode=214…`) so back, reload and links keep it.
 * A signed-in viewer's curriculum position is also kept by the server, and a bare /learn reopens it.
 */
export default function LearnScreen() {
  const t = useT();
  const viewer = useViewer();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { params } = useParams();
  const location = useLocation();
  const api = useLessonsApi();
  const fromUrl = parseChoice(params);
  // A bare /learn opened from elsewhere goes back to the saved position; one reached by clearing the
  // filters here (`chosen`) stays bare.
  const chosenHere = (location.state as { chosen?: boolean } | null)?.chosen === true;
  const history = useLearnHistory(viewer.kind === 'teacher' ? 'teach' : 'learn', { signedIn: Boolean(user), restore: !params && !chosenHere });
  const go = (next: LearnChoice, options: { replace?: boolean } = {}) => {
    const query = formatChoice(next);
    void navigate(query ? `/learn/demand/${query}` : '/learn', { state: { chosen: true }, replace: options.replace, preventScrollReset: true });
  };
  // The saved position is opened once, when it arrives; `go` (a new function each render) is not a reason to open it again.
  const openSaved = useEffectEvent((saved: LearnChoice) => go(saved, { replace: true }));
  useEffect(() => {
    if (history.saved) openSaved(history.saved);
  }, [history.saved]);
  // A learner with a stage starts in it; an explicit choice in the address wins.
  const ownStage = Number(user?.stageCode);
  const choice: LearnChoice = !params && viewer.kind === 'student' && gradeStage(ownStage) ? { ...fromUrl, stage: ownStage } : fromUrl;
  const [keyword, setKeyword] = useState(choice.keyword ?? '');
  // The search box follows the address (back, forward, a cleared filter), set while rendering.
  const [shownKeyword, setShownKeyword] = useState(choice.keyword);
  if (shownKeyword !== choice.keyword) {
    setShownKeyword(choice.keyword);
    setKeyword(choice.keyword ?? '');
  }

  const change = (part: Partial<LearnChoice>, labels?: HistoryLabels) => {
    const next = narrow(choice, part);
    if (!sameCurriculum(choice, next)) history.save(next, labels);
    go(next);
  };
  const filterKey = formatChoice(choice);
  // While the saved position is being read or opened, the list waits rather than load a page it would replace.
  const waiting = history.pending || (history.saved !== null && !params);
  const page = useAsync(
    () => (waiting ? new Promise<never>(() => undefined) : api.onDemandPage(toFilter(choice, PAGE_SIZE))),
    [api, filterKey, waiting],
  );
  const rows = mapAsync(page, (p) => p.rows);
  const total = page.data?.total ?? 0;

  return (
    <div className="ds-learn">
      <h1 className="ds-screen-title">{t(viewer.kind === 'teacher' ? 'nav.teach' : 'nav.learn')}</h1>
      {viewer.kind === 'teacher' ? <TeachEntry /> : null}
      <LearnFilters choice={choice} onChange={change} />
      <div className="ds-toolbar">
        <SearchBox
          className="ds-learn-search"
          label={t('learn.keyword')}
          button={t('learn.search')}
          maxLength={50}
          value={keyword}
          onChange={setKeyword}
          onSearch={(value) => change({ keyword: value.trim() || undefined })}
        />
        <ChoiceChips<LearnChoice['orderBy']>
          segmented
          label={t('learn.sort')}
          value={choice.orderBy}
          onChange={(orderBy) => change({ orderBy })}
          options={[
            { value: 'newest', label: t('learn.sort.newest') },
            { value: 'hottest', label: t('learn.sort.hottest') },
            { value: 'excellent', label: t('learn.sort.excellent') },
          ]}
        />
        <span className="ds-learn-total" role="status">
          {page.status === 'ready' ? t('learn.total', { total }) : ''}
        </span>
      </div>
      {/* The cards' titles are level 3: the results are a section of their own for the heading outline. */}
      <h2 className="ds-visually-hidden">{t('learn.results')}</h2>
      <LessonGrid state={rows} label={t('learn.results')} placeholders={{ count: PAGE_SIZE }} eager={4} />
      <Pager current={choice.pageNum} pageSize={PAGE_SIZE} total={total} label={t('learn.pagination')} onChange={(pageNum) => go({ ...choice, pageNum })} />
    </div>
  );
}

function gradeStage(stage: number): boolean {
  return stage === 1 || stage === 2 || stage === 3 || stage === 4;
}
