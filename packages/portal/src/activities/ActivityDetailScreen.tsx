import { activityPhase, AuditLevels, PackageItems, type ActivityDetail } from '@dscloud/sdk/activities';
import { FileCategories } from '@dscloud/sdk/codes';
import { Button, Descriptions, Skeleton, Table, Tag } from 'antd';
import { toneClass } from './tone';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLocale, useT } from '../i18n/useT';
import { dateTime } from '../lessons/format';
import { LoadFailed } from '../lessons/LoadFailed';
import { useAsync } from '../lessons/useAsync';
import { Placeholder } from '../screens/Placeholder';
import { PhaseCountdown, PhaseTag, useSystemLabel, WindowList } from './ActivityParts';
import { notFoundAsNull } from './errorText';
import { activityPaths } from './paths';
import { activeSignUp, nextAction, nodeLabel, windowRows, type NextAction } from './phaseView';
import { sanitizeHtml } from './sanitizeHtml';
import { TeacherGate } from './TeacherGate';
import { useActivitiesApi } from './useActivitiesApi';
import { useNow } from './useNow';
import './activities.css';

function NextStep({ action, activityId }: { action: NextAction; activityId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const go = (to: string, label: string) => (
    <Button type="primary" size="large" onClick={() => void navigate(to)}>
      {label}
    </Button>
  );
  switch (action.kind) {
    case 'signUp':
      return go(activityPaths.signUp(activityId), t('act.next.signUp'));
    case 'claimNodes':
      return go(activityPaths.signUp(activityId), t('act.next.claimNodes'));
    case 'uploadWorks':
      return go(activityPaths.manage(activityId), t('act.next.uploadWorks'));
    case 'manage':
      return go(activityPaths.manage(activityId), t('act.next.manage'));
    case 'waitSignUp':
      return <Tag className={toneClass('blue')}>{action.opensAt ? t('act.next.waitSignUp', { time: dateTime(action.opensAt) }) : t('act.next.waitSignUpUnknown')}</Tag>;
    default:
      return <Tag>{t(`act.next.${action.kind}`)}</Tag>;
  }
}

function Requirements({ detail }: { detail: ActivityDetail }) {
  const t = useT();
  const en = useLocale() === 'en';
  const name = (entry: { label: string; labelEn: string } | undefined) => (entry ? (en ? entry.labelEn : entry.label) : '');
  return (
    <>
      <ul className="ds-act-items">
        {detail.packageTemplate.map((item) => (
          <li key={item.item}>
            <strong>{name(PackageItems.find(item.item))}</strong> <Tag className={toneClass(item.required ? 'red' : 'default')}>{t(item.required ? 'act.item.required' : 'act.item.optional')}</Tag>
            <span className="ds-act-muted">
              {t('act.item.kinds', { kinds: item.fileCategories.map((c) => name(FileCategories.find(c))).join('、') })} · {t('act.item.max', { n: item.maxFiles })}
            </span>
          </li>
        ))}
      </ul>
      <p>{t('act.detail.rules', { nodes: detail.rules.nodesPerTeacher, teachers: detail.rules.teachersPerNode })}</p>
      <p>{t('act.detail.levels', { levels: detail.reviewLevels.map((l) => name(AuditLevels.find(l))).join(' → ') })}</p>
      {detail.rules.allowFormatWarnings ? <p className="ds-act-muted">{t('act.detail.warningsAllowed')}</p> : null}
    </>
  );
}

function DetailBody({ activityId }: { activityId: string }) {
  const t = useT();
  const api = useActivitiesApi();
  const system = useSystemLabel();
  const now = useNow();
  // Unknown, unpublished or outside the teacher's reach: the server answers 404 for all three.
  const state = useAsync(() => api.detail(activityId).catch(notFoundAsNull), [api, activityId]);
  const description = state.data?.description ?? '';
  const notice = useMemo(() => (description ? sanitizeHtml(description) : ''), [description]);
  if (state.status === 'failed' && !state.data) return <LoadFailed message={state.message} onRetry={state.reload} />;
  if (state.status === 'ready' && !state.data) return <Placeholder status="404" title={t('screen.activityDetail')} subTitle={t('act.detail.notFound')} />;
  if (!state.data) return <Skeleton active />;
  const detail = state.data;
  const info = activityPhase(detail, now);
  const mine = activeSignUp(detail.mySignUp);

  return (
    <article className="ds-act-detail" aria-labelledby="act-title">
      <header className="ds-act-detail-head">
        {detail.coverUrl ? <img className="ds-act-detail-cover" src={detail.coverUrl} alt="" width={320} height={180} /> : null}
        <div>
          <h1 id="act-title" className="ds-screen-title">
            {detail.name}
          </h1>
          <div className="ds-act-tags">
            <Tag>{system(detail.activitySystem, detail.activitySystemName)}</Tag>
            <PhaseTag phase={info.phase} />
            <PhaseCountdown phase={info.phase} endsAt={info.endsAt} now={now} long />
          </div>
          <p className="ds-act-muted">{t('act.card.org', { org: detail.orgName })}</p>
          <div className="ds-act-next">
            <NextStep action={nextAction(detail, now, info)} activityId={detail.activityId} />
          </div>
        </div>
      </header>

      <section aria-labelledby="act-my" className="ds-act-panel">
        <h2 id="act-my">{t('act.detail.myStatus')}</h2>
        {mine ? (
          <>
            <p>{t('act.detail.signedUp', { school: mine.schoolName, count: mine.nodes.length })}</p>
            {mine.nodes.length ? (
              <ul className="ds-act-node-list">
                {mine.nodes.map((n) => (
                  <li key={n.signUpNodeId}>{nodeLabel(n)}</li>
                ))}
              </ul>
            ) : null}
            <Link to={activityPaths.manage(detail.activityId)}>{t('act.next.manage')}</Link>
          </>
        ) : (
          <p>{t('act.detail.notSignedUp')}</p>
        )}
      </section>

      <section aria-labelledby="act-windows" className="ds-act-panel">
        <h2 id="act-windows">{t('act.detail.windows')}</h2>
        <WindowList rows={windowRows(detail, now)} />
      </section>

      <section aria-labelledby="act-notice" className="ds-act-panel">
        <h2 id="act-notice">{t('act.detail.notice')}</h2>
        {notice ? <div className="ds-act-notice" dangerouslySetInnerHTML={{ __html: notice }} /> : <p className="ds-act-muted">{t('act.detail.noNotice')}</p>}
      </section>

      <section aria-labelledby="act-scope" className="ds-act-panel">
        <h2 id="act-scope">{t('act.detail.scope')}</h2>
        <Table
          size="small"
          pagination={false}
          rowKey={(row) => `${row.stage}-${row.subjectCode}-${row.editionId ?? ''}-${row.bookId ?? ''}`}
          dataSource={detail.scope}
          columns={[
            { key: 'stage', title: t('act.scope.stage'), dataIndex: 'stageName' },
            { key: 'subject', title: t('act.scope.subject'), dataIndex: 'subjectName' },
            { key: 'edition', title: t('act.scope.edition'), render: (_, row) => row.editionName || t('act.scope.any') },
            { key: 'book', title: t('act.scope.book'), render: (_, row) => row.bookName || t('act.scope.any') },
          ]}
        />
      </section>

      <section aria-labelledby="act-req" className="ds-act-panel">
        <h2 id="act-req">{t('act.detail.requirements')}</h2>
        <Requirements detail={detail} />
      </section>

      <section aria-labelledby="act-files" className="ds-act-panel">
        <h2 id="act-files">{t('act.detail.attachments')}</h2>
        {detail.attachments.length ? (
          <Descriptions column={1} size="small">
            {detail.attachments.map((a) => (
              <Descriptions.Item key={a.fileId} label={a.name}>
                <a href={a.url} target="_blank" rel="noopener noreferrer" download={a.name}>
                  {a.name}
                </a>
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <p className="ds-act-muted">{t('act.detail.noAttachments')}</p>
        )}
      </section>
    </article>
  );
}


/** 活动详情: notice, scope, windows with the phase and countdown, attachments, my sign-up and the next step. */
export default function ActivityDetailScreen() {
  const t = useT();
  const { activityId = '' } = useParams();
  return (
    <div className="ds-act">
      <TeacherGate title={t('screen.activityDetail')}>
        <DetailBody activityId={activityId} />
      </TeacherGate>
    </div>
  );
}
