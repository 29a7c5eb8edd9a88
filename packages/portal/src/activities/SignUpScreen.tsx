import { activityPhase, type ActivityDetail } from '@dscloud/sdk/activities';
import { Alert, Button, Empty, Segmented, Skeleton, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useT } from '../i18n/useT';
import { LoadFailed } from '../lessons/LoadFailed';
import { useAsync } from '../lessons/useAsync';
import { Placeholder } from '../screens/Placeholder';
import { PhaseCountdown, PhaseTag } from './ActivityParts';
import { notFoundAsNull } from './errorText';
import { NodePicker } from './NodePicker';
import { activityPaths } from './paths';
import { activeSignUp, nodeLabel } from './phaseView';
import { firstPart, scopeParts } from './scopeParts';
import { SignUpForm } from './SignUpForm';
import { useSignUpActions } from './useSignUpActions';
import { TeacherGate } from './TeacherGate';
import { useActivitiesApi } from './useActivitiesApi';
import { useNow } from './useNow';
import './activities.css';

function SignUpBody({ activityId }: { activityId: string }) {
  const t = useT();
  const api = useActivitiesApi();
  const navigate = useNavigate();
  const now = useNow();
  const detailState = useAsync(() => api.detail(activityId).catch(notFoundAsNull), [api, activityId]);
  const detail = detailState.data;
  const mine = activeSignUp(detail?.mySignUp);
  // One scope row (a book, an edition, a knowledge tree) at a time: a whole scope can hold thousands of nodes.
  const parts = detail ? scopeParts(detail.scope, t('act.signUp.knowledge')) : [];
  const [chosen, choose] = useState<string | null>(null);
  const part = parts.find((p) => p.key === chosen) ?? firstPart(parts, mine);
  const treeState = useAsync(
    () => (detail ? api.nodeTree({ activityId, ...part?.filter }) : Promise.resolve(null)),
    [api, activityId, detailState.data, part?.key],
  );
  const reload = () => detailState.reload();
  const actions = useSignUpActions(detail ?? ({ activityId } as ActivityDetail), reload);

  if (detailState.status === 'failed' && !detail) return <LoadFailed message={detailState.message} onRetry={detailState.reload} />;
  if (detailState.status === 'ready' && !detail) return <Placeholder status="404" title={t('screen.signUp')} subTitle={t('act.detail.notFound')} />;
  if (!detail) return <Skeleton active />;
  const info = activityPhase(detail, now);
  const nodes = mine?.nodes ?? [];

  return (
    <>
      {actions.holder}
      <div className="ds-act-tags">
        <Link to={activityPaths.detail(activityId)}>{detail.name}</Link>
        <PhaseTag phase={info.phase} />
        <PhaseCountdown phase={info.phase} endsAt={info.endsAt} now={now} long />
      </div>
      <Steps
        className="ds-act-steps"
        current={!mine ? 0 : nodes.length ? 2 : 1}
        items={[{ title: t('act.signUp.form') }, { title: t('act.signUp.nodes') }, { title: t('act.next.uploadWorks') }]}
      />
      {!info.signUpOpen && mine ? <Alert type="info" showIcon title={t('act.signUp.closed')} className="ds-act-alert" /> : null}
      {!mine ? (
        <section aria-labelledby="act-form" className="ds-act-panel">
          <h2 id="act-form">{t('act.signUp.form')}</h2>
          <SignUpForm activityId={activityId} scope={detail.scope} open={info.signUpOpen} onDone={reload} />
        </section>
      ) : (
        <section aria-labelledby="act-mine" className="ds-act-panel">
          <h2 id="act-mine">{t('act.signUp.myNodes')}</h2>
          {nodes.length ? (
            <ul className="ds-act-node-list">
              {nodes.map((n) => (
                <li key={n.signUpNodeId}>
                  <span>{nodeLabel(n)}</span>
                  <Button size="small" danger aria-label={t('act.signUp.giveUpAria', { name: n.nodeName })} disabled={actions.busy} onClick={() => actions.giveUp(n)}>
                    {t('act.signUp.giveUp')}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <Empty description={<span className="ds-empty-text">{t('act.signUp.noNodes')}</span>} />
          )}
          <div className="ds-act-actions">
            {nodes.length ? (
              <Button type="primary" onClick={() => void navigate(activityPaths.manage(activityId))}>
                {t('act.signUp.toManage')}
              </Button>
            ) : null}
            <Button danger onClick={() => actions.cancel(mine.signUpId)} disabled={actions.busy}>
              {t('act.signUp.cancel')}
            </Button>
          </div>
        </section>
      )}
      <section aria-labelledby="act-tree" className="ds-act-panel">
        <h2 id="act-tree">{t('act.signUp.nodes')}</h2>
        {parts.length > 1 ? (
          <Segmented
            className="ds-act-scope-parts"
            aria-label={t('act.signUp.scopePart')}
            value={part?.key}
            options={parts.map((p) => ({ value: p.key, label: p.label }))}
            onChange={(key) => choose(String(key))}
          />
        ) : null}
        {actions.refusal ? <Alert type="error" showIcon title={actions.refusal} className="ds-act-alert" role="alert" /> : null}
        {treeState.status === 'failed' ? <LoadFailed message={treeState.message} onRetry={treeState.reload} /> : null}
        {treeState.data && treeState.status !== 'failed' ? (
          <NodePicker
            key={String(detailState.data?.updateTime) + nodes.length + (part?.key ?? '')}
            tree={treeState.data}
            gate={!info.signUpOpen ? 'closed' : mine ? 'open' : 'signUpFirst'}
            perTeacher={detail.rules.nodesPerTeacher}
            busy={actions.busy}
            onClaim={actions.claim}
          />
        ) : treeState.status === 'loading' ? (
          <Skeleton active />
        ) : null}
      </section>
    </>
  );
}

/** 活动报名: the sign-up form, then the node tree with occupancy to claim nodes, my nodes to give up. */
export default function SignUpScreen() {
  const t = useT();
  const { activityId = '' } = useParams();
  return (
    <div className="ds-act">
      <h1 className="ds-screen-title">{t('screen.signUp')}</h1>
      <TeacherGate title={t('screen.signUp')}>
        <SignUpBody activityId={activityId} />
      </TeacherGate>
    </div>
  );
}
