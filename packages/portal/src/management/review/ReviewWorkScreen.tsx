import { AuditDecision, type AuditDecisionCode, type AuditWorkRow } from '@dscloud/sdk/review';
import { Codes, isDsError } from '@dscloud/sdk/errors';
import { Alert, App, Button, Modal, Skeleton, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { errorText } from '../../activities/errorText';
import { LoadFailed } from '../../lessons/LoadFailed';
import { useAsync } from '../../lessons/useAsync';
import { Placeholder } from '../../screens/Placeholder';
import { readTableState } from '../kit';
import { decidable, decisionsAt } from './decisions';
import { DecisionPanel } from './DecisionPanel';
import { useReviewLabels } from './labels';
import { REVIEW_LIST, reviewWorkPath } from './paths';
import { QuotaLine } from './QuotaLine';
import { REVIEW_SPEC, toAuditFilter } from './reviewTableSpec';
import { scoreProblems, scoresBody, type Scores } from './rubric';
import { shortcutOf } from './shortcuts';
import { TraceList } from './TraceList';
import { useReviewApi } from './useReviewApi';
import { useReviewRules } from './useReviewRules';
import { WorkPackageView } from './WorkPackageView';
import { OPINION_MAX } from './OpinionField';
import '../management.css';
import './review.css';

const NEEDS_OPINION = new Set<number>([AuditDecision.RETURN, AuditDecision.REJECT]);
const NEEDS_SCORE = new Set<number>([AuditDecision.PASS, AuditDecision.EXCELLENT]);

/**
 * One work under review (`/management/type=zuopinsh/{activityId}/{workId}`, the list's filters in the
 * query): the video and the package documents side by side, the rubric, the opinion with its templates,
 * pass / return / reject / high-quality (last level only), previous / next in the list's filter and
 * order, keyboard shortcuts, and the trace of every decision.
 */
export default function ReviewWorkScreen() {
  const { workId = '' } = useParams();
  // Another work starts with a fresh rubric and opinion.
  return <ReviewWork key={workId} />;
}

function ReviewWork() {
  const t = useT();
  const label = useReviewLabels();
  const api = useReviewApi();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const [modal, holder] = Modal.useModal();
  const { activityId = '', workId = '' } = useParams();
  const filters = readTableState(new URLSearchParams(location.search), REVIEW_SPEC).filters;
  const filterKey = JSON.stringify(filters);
  const rules = useReviewRules(api, activityId);
  const work = useAsync(() => api.works(activityId, [workId]).then((list) => list[0] ?? null), [api, activityId, workId]);
  const near = useAsync(() => api.neighbours({ ...toAuditFilter(activityId, filters), workId }).catch(() => null), [api, activityId, workId, filterKey, work.data?.version]);
  const trace = useAsync(() => api.trace(activityId, workId), [api, activityId, workId, work.data?.version]);
  const levels = useAsync(() => api.levels(activityId).catch(() => []), [api, activityId, work.data?.version]);
  const [scores, setScores] = useState<Scores>({});
  const [opinion, setOpinion] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<{ text: string; current?: AuditWorkRow } | null>(null);
  const [busy, setBusy] = useState(false);

  const row = work.data ?? null;
  const reviewLevels = rules.reviewLevels ?? (levels.data ?? []).map((l) => l.level);
  const decisions = row && decidable(row) ? decisionsAt(row.level, reviewLevels.length ? reviewLevels : [row.level]) : [];
  const go = useCallback((id: string | null | undefined) => id && void navigate(reviewWorkPath(activityId, id, location.search)), [navigate, activityId, location.search]);

  const send = async (decision: AuditDecisionCode) => {
    if (!row) return;
    setBusy(true);
    try {
      const result = await api.decide({
        activityId,
        works: [{ workId: row.workId, version: row.version }],
        decision,
        ...(rules.rubric.length ? { scores: scoresBody(rules.rubric, scores) } : {}),
        ...(opinion.trim() ? { opinion: opinion.trim() } : {}),
      });
      const refused = result.refused.find((r) => r.workId === row.workId);
      if (refused) {
        setRefusal({ text: t('rv.decide.refused', { message: refused.message, code: refused.code }), current: refused.current });
        work.reload();
        return;
      }
      void message.success(t('rv.decide.done', { decision: label.decision(decision), title: row.title }));
      if (near.data?.next) go(near.data.next);
      else work.reload();
    } catch (error) {
      setProblems([errorText(error)]);
      if (isDsError(error) && error.code === Codes.CONFLICT) work.reload();
    } finally {
      setBusy(false);
    }
  };

  const decide = (decision: AuditDecisionCode) => {
    if (!row || busy || !decisions.includes(decision)) return;
    const found: string[] = [];
    if (NEEDS_OPINION.has(decision) && !opinion.trim()) found.push(t('rv.opinionRequired'));
    if (opinion.trim().length > OPINION_MAX) found.push(t('rv.opinionTooLong', { n: OPINION_MAX }));
    for (const p of scoreProblems(rules.rubric, scores, NEEDS_SCORE.has(decision))) {
      const item = rules.rubric.find((i) => i.key === p.key)!;
      found.push(p.kind === 'missing' ? t('rv.rubric.missing', { name: p.name }) : t('rv.rubric.range', { name: p.name, max: item.max }));
    }
    setProblems(found);
    setRefusal(null);
    if (found.length) return;
    void modal.confirm({
      title: t('kit.confirm.title'),
      content: t('rv.decide.confirm', { title: row.title, decision: label.decision(decision) }),
      okText: t('kit.ok'),
      cancelText: t('kit.cancel'),
      okButtonProps: decision === AuditDecision.REJECT ? { danger: true } : undefined,
      onOk: () => send(decision),
    });
  };

  // The shortcuts, with this render's state.
  const onKey = (e: KeyboardEvent) => {
    const action = shortcutOf(e);
    if (!action || document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')) return;
    e.preventDefault();
    if (action === 'previous') go(near.data?.previous);
    else if (action === 'next') go(near.data?.next);
    else decide({ pass: AuditDecision.PASS, return: AuditDecision.RETURN, reject: AuditDecision.REJECT, excellent: AuditDecision.EXCELLENT }[action]);
  };
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const back = `${REVIEW_LIST}${location.search}`;
  if (work.status === 'failed' && !row) {
    return (
      <div className="ds-mgmt-screen">
        <Link to={back}>{t('rv.back')}</Link>
        <LoadFailed message={work.message} onRetry={work.reload} />
      </div>
    );
  }
  if (work.status === 'ready' && !row) return <Placeholder status="404" title={t('mgmt.zuopinsh')} subTitle={t('rv.work.notFound')} />;
  if (!row) return <Skeleton active />;

  return (
    <div className="ds-mgmt-screen">
      {holder}
      <div className="ds-rv-nav">
        <Link to={back}>{t('rv.back')}</Link>
        <Button disabled={!near.data?.previous} aria-keyshortcuts="Alt+ArrowLeft" onClick={() => go(near.data?.previous)}>
          {t('rv.previous')}
          <kbd className="ds-rv-kbd">Alt+←</kbd>
        </Button>
        <Button disabled={!near.data?.next} aria-keyshortcuts="Alt+ArrowRight" onClick={() => go(near.data?.next)}>
          {t('rv.next')}
          <kbd className="ds-rv-kbd">Alt+→</kbd>
        </Button>
        {near.data?.index && near.data.total ? <span className="ds-mgmt-muted">{t('rv.position', { index: near.data.index, total: near.data.total })}</span> : null}
      </div>
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">{row.title}</h1>
        <Tag>{label.state(row.reviewState)}</Tag>
      </div>
      <p className="ds-rv-meta">
        <span>{row.nodeName}</span>
        <span>{row.subjectName}</span>
        <span>{row.teacherName || row.schoolName ? `${row.teacherName} ${row.schoolName}`.trim() : t('rv.blind')}</span>
        <span>{label.level(row.level)}</span>
        <span>{t('rv.trace.entry', { round: row.round, level: label.level(row.level), decision: row.myDecision ? label.decision(row.myDecision) : t('rv.undecided') })}</span>
      </p>
      {row.description ? <p>{row.description}</p> : null}
      <QuotaLine levels={levels.data ?? []} />
      <WorkPackageView items={row.items} title={row.title} />
      {refusal ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={refusal.text}
          description={refusal.current ? t('rv.decide.current', { state: label.state(refusal.current.reviewState), level: label.level(refusal.current.level) }) : undefined}
        />
      ) : null}
      <div className="ds-rv-split">
        {decisions.length ? (
          <DecisionPanel
            rubric={rules.rubric}
            templates={rules.opinionTemplates}
            scores={scores}
            onScores={setScores}
            opinion={opinion}
            onOpinion={setOpinion}
            decisions={decisions}
            busy={busy}
            problems={problems}
            onDecide={decide}
          />
        ) : (
          <section className="ds-rv-pane">
            <Alert type="info" showIcon title={row.myDecision ? t('rv.work.decided', { decision: label.decision(row.myDecision) }) : t('rv.work.notPending')} />
          </section>
        )}
        <section className="ds-rv-pane" aria-labelledby="rv-trace">
          <h2 id="rv-trace">{t('rv.trace')}</h2>
          {trace.status === 'failed' ? <LoadFailed message={trace.message} onRetry={trace.reload} /> : <TraceList entries={trace.data ?? []} />}
        </section>
      </div>
    </div>
  );
}
