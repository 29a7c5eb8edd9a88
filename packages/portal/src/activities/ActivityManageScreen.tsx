import {
  activityPhase,
  AuditLevels,
  WorkReviewState,
  WorkReviewStates,
  WorkSubmitStatus,
  WorkSubmitStatuses,
  type ActivityDetail,
  type ActivityWork,
  type SignUpNode,
  type WorkLevelState,
  type WorkReviewProgress,
} from '@dscloud/sdk/activities';
import { Alert, App, Button, Card, Empty, Modal, Skeleton, Steps, Tag } from 'antd';
import { toneClass } from './tone';
import { Link, useNavigate, useParams } from 'react-router';
import { useLocale, useT, type TKey } from '../i18n/useT';
import { dateTime } from '../lessons/format';
import { LoadFailed } from '../lessons/LoadFailed';
import { useAsync } from '../lessons/useAsync';
import { Placeholder } from '../screens/Placeholder';
import { PhaseCountdown, PhaseTag } from './ActivityParts';
import { errorText, notFoundAsNull } from './errorText';
import { activityPaths } from './paths';
import { activeSignUp, nodeLabel } from './phaseView';
import { TeacherGate } from './TeacherGate';
import { useActivitiesApi } from './useActivitiesApi';
import { useNow } from './useNow';
import { useSignUpActions } from './useSignUpActions';
import { reviewView, workActions, type WorkAction } from './workPackage';
import './activities.css';

/** How each level's state shows on the progress steps. */
const STEP_STATUS: Record<WorkLevelState, 'wait' | 'process' | 'finish' | 'error'> = {
  notSubmitted: 'wait',
  waiting: 'wait',
  pending: 'process',
  passed: 'finish',
  returned: 'error',
  rejected: 'error',
};

type Enumish = { find: (v: number) => { label: string; labelEn: string } | undefined };

function useLabel() {
  const en = useLocale() === 'en';
  return (table: Enumish, value: number) => {
    const entry = table.find(value);
    return entry ? (en ? entry.labelEn : entry.label) : String(value);
  };
}

function useWorkCommands(reload: () => void) {
  const t = useT();
  const api = useActivitiesApi();
  const { message } = App.useApp();
  const [modal, holder] = Modal.useModal();
  const ask = (content: string, danger: boolean, call: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title: content,
      okText: t('act.confirm.ok'),
      cancelText: t('act.confirm.cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        try {
          await call();
          void message.success(done);
        } catch (error) {
          void message.error(t('act.failed', { message: errorText(error) }));
        } finally {
          reload();
        }
      },
    });
  const run = (action: Exclude<WorkAction, 'edit'>, work: ActivityWork) => {
    const title = work.title;
    if (action === 'resubmit') ask(t('rv.teacher.resubmitConfirm', { title }), false, () => api.setSubmitStatus(work.lessonId, WorkSubmitStatus.SUBMITTED), t('rv.teacher.resubmitted', { title }));
    if (action === 'submit') ask(t('act.manage.submitConfirm', { title }), false, () => api.setSubmitStatus(work.lessonId, WorkSubmitStatus.SUBMITTED), t('act.manage.submitted', { title }));
    if (action === 'withdraw') ask(t('act.manage.withdrawConfirm', { title }), true, () => api.setSubmitStatus(work.lessonId, WorkSubmitStatus.DRAFT), t('act.manage.withdrawn', { title }));
    if (action === 'delete') ask(t('act.manage.deleteConfirm', { title }), true, () => api.deleteWork(work.lessonId), t('act.manage.deleted', { title }));
  };
  return { holder, run };
}

/** The reviewer's opinion on a returned or rejected work (with the level and, unless the review is blind, the reviewer). */
function ReviewOpinion({ progress }: { progress: WorkReviewProgress & { opinion?: string; reviewerName?: string; opinionLevel?: number | null } }) {
  const t = useT();
  const label = useLabel();
  if (!progress.opinion) return null;
  const returned = progress.reviewState === WorkReviewState.RETURNED;
  const level = progress.opinionLevel ?? progress.reviewLevel;
  const by = [level ? label(AuditLevels, level) : '', progress.reviewerName ?? ''].filter(Boolean).join(' · ');
  return (
    <Alert
      type={returned ? 'warning' : 'info'}
      showIcon
      className="ds-act-alert"
      title={returned ? t('rv.teacher.returned') : t('rv.teacher.opinion')}
      description={
        <>
          <p className="ds-act-opinion">
            {t('rv.teacher.opinion')}：{progress.opinion}
          </p>
          {by ? <p className="ds-act-muted">{by}</p> : null}
        </>
      }
    />
  );
}

interface NodeWorkProps {
  detail: ActivityDetail;
  node: SignUpNode;
  progress: WorkReviewProgress[];
  uploadOpen: boolean;
  auditOpen: boolean;
  onChanged: () => void;
  onGiveUp: (node: SignUpNode) => void;
}

function NodeWork({ detail, node, progress, uploadOpen, auditOpen, onChanged, onGiveUp }: NodeWorkProps) {
  const t = useT();
  const label = useLabel();
  const api = useActivitiesApi();
  const navigate = useNavigate();
  const info = useAsync(() => api.nodeInfo(node.signUpNodeId), [api, node.signUpNodeId, node.workId, progress]);
  const commands = useWorkCommands(onChanged);
  const work = info.data?.work ?? null;
  const mine = work ? progress.find((p) => p.lessonId === work.lessonId) : undefined;
  const levels = mine?.levels ?? [];
  const actions = work ? workActions(work, { uploadOpen, auditOpen, rules: detail.rules, firstLevel: detail.reviewLevels[0] ?? null }) : [];
  const review = work?.formatReview ? reviewView(work.formatReview, detail.rules) : null;
  const heading = `act-node-${node.signUpNodeId}`;
  return (
    <Card className="ds-act-work" title={<h3 id={heading} className="ds-act-subtitle">{t('act.manage.node', { name: nodeLabel(node) })}</h3>}>
      {commands.holder}
      {info.status === 'failed' ? <LoadFailed message={info.message} onRetry={info.reload} /> : null}
      {!info.data && info.status === 'loading' ? <Skeleton active /> : null}
      {info.data && !work ? (
        <>
          <p className="ds-act-muted">{t('act.manage.noWork')}</p>
          <Button type="primary" disabled={!uploadOpen} onClick={() => void navigate(activityPaths.newWork(detail.activityId, node.signUpNodeId))} aria-describedby={heading}>
            {t('act.manage.upload')}
          </Button>
        </>
      ) : null}
      {work ? (
        <>
          <p className="ds-act-work-title">
            <strong>{work.title}</strong>
            <Tag className={toneClass(work.submitStatus === WorkSubmitStatus.SUBMITTED ? 'blue' : 'default')}>{label(WorkSubmitStatuses, work.submitStatus)}</Tag>
            {work.submitStatus === WorkSubmitStatus.SUBMITTED ? <Tag>{label(WorkReviewStates, work.reviewState)}</Tag> : null}
          </p>
          <p className="ds-act-muted">
            {t('act.manage.format')}：
            {review ? (review.errors.length || review.warnings.length ? t('act.manage.formatFailed', { errors: review.errors.length, warnings: review.warnings.length }) : t('act.manage.formatPassed')) : t('act.manage.formatNone')}
            {work.submitTime ? ` · ${dateTime(work.submitTime)}` : ''}
          </p>
          {levels.length ? (
            <Steps
              size="small"
              className="ds-act-steps"
              aria-label={t('act.manage.progress')}
              items={levels.map((l) => ({ title: l.levelName, description: t(`act.level.${l.state}` as TKey), status: STEP_STATUS[l.state] }))}
            />
          ) : null}
          {mine ? <ReviewOpinion progress={mine} /> : null}
          <div className="ds-act-actions">
            {actions.map((action) =>
              action === 'edit' ? (
                <Button key={action} onClick={() => void navigate(activityPaths.editWork(detail.activityId, node.signUpNodeId, work.lessonId))} aria-describedby={heading}>
                  {t('act.manage.edit')}
                </Button>
              ) : (
                <Button key={action} type={action === 'submit' ? 'primary' : 'default'} danger={action === 'delete'} onClick={() => commands.run(action, work)} aria-describedby={heading}>
                  {action === 'resubmit' ? t('rv.teacher.resubmit') : t(`act.manage.${action}`)}
                </Button>
              ),
            )}
          </div>
        </>
      ) : null}
      <div className="ds-act-actions">
        <Button size="small" danger type="link" aria-label={t('act.signUp.giveUpAria', { name: node.nodeName })} onClick={() => onGiveUp(node)}>
          {t('act.signUp.giveUp')}
        </Button>
      </div>
    </Card>
  );
}

function ManageBody({ activityId }: { activityId: string }) {
  const t = useT();
  const api = useActivitiesApi();
  const navigate = useNavigate();
  const now = useNow();
  const detailState = useAsync(() => api.detail(activityId).catch(notFoundAsNull), [api, activityId]);
  const progress = useAsync(() => api.reviewProgress(activityId), [api, activityId, detailState.data]);
  const signUpActions = useSignUpActions(detailState.data ?? ({ activityId } as ActivityDetail), detailState.reload);
  if (detailState.status === 'failed' && !detailState.data) return <LoadFailed message={detailState.message} onRetry={detailState.reload} />;
  if (detailState.status === 'ready' && !detailState.data) return <Placeholder status="404" title={t('screen.activityManage')} subTitle={t('act.detail.notFound')} />;
  if (!detailState.data) return <Skeleton active />;
  const detail = detailState.data;
  const info = activityPhase(detail, now);
  const mine = activeSignUp(detail.mySignUp);
  const reload = () => detailState.reload();
  return (
    <>
      <div className="ds-act-tags">
        <Link to={activityPaths.detail(activityId)}>{detail.name}</Link>
        <PhaseTag phase={info.phase} />
        <PhaseCountdown phase={info.phase} endsAt={info.endsAt} now={now} long />
      </div>
      {!mine ? (
        <Alert type="info" showIcon title={t('act.manage.notSignedUp')} action={info.signUpOpen ? <Button onClick={() => void navigate(activityPaths.signUp(activityId))}>{t('act.next.signUp')}</Button> : null} />
      ) : !mine.nodes.length ? (
        <Empty description={<span className="ds-empty-text">{t('act.manage.noNodes')}</span>}>
          {info.signUpOpen ? <Button type="primary" onClick={() => void navigate(activityPaths.signUp(activityId))}>{t('act.manage.claimMore')}</Button> : null}
        </Empty>
      ) : (
        <>
          {signUpActions.holder}
          <div className="ds-act-actions">
            <Button onClick={() => void navigate(activityPaths.signUp(activityId))}>{t('act.signUp.myNodes')}</Button>
            <Button danger disabled={signUpActions.busy} onClick={() => signUpActions.cancel(mine.signUpId)}>
              {t('act.signUp.cancel')}
            </Button>
          </div>
          {signUpActions.refusal ? <Alert type="error" showIcon title={signUpActions.refusal} className="ds-act-alert" role="alert" /> : null}
          <ul className="ds-act-works">
            {mine.nodes.map((node) => (
              <li key={node.signUpNodeId}>
                <NodeWork
                  detail={detail}
                  node={node}
                  progress={progress.data ?? []}
                  uploadOpen={info.uploadOpen}
                  auditOpen={info.auditOpen}
                  onChanged={reload}
                  onGiveUp={signUpActions.giveUp}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** 活动管理 (teacher): one card per claimed node with its work, format check, review progress and actions. */
export default function ActivityManageScreen() {
  const t = useT();
  const { activityId = '' } = useParams();
  return (
    <div className="ds-act">
      <h1 className="ds-screen-title">{t('screen.activityManage')}</h1>
      <TeacherGate title={t('screen.activityManage')}>
        <ManageBody activityId={activityId} />
      </TeacherGate>
    </div>
  );
}
