import { Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { LoadFailed } from '../../lessons/LoadFailed';
import { useAsync } from '../../lessons/useAsync';
import { useCurrentUser } from '../../platform/hooks';
import { useMgmtRights } from '../kit';
import { ActivityEditor } from './ActivityEditor';
import { levelsForActivity, levelsOfOrganiser } from './organiser';
import { editPath } from './paths';
import { useActivityManageApi } from './useActivityManageApi';
import '../management.css';
import './activities.css';

/**
 * 创建活动 (`/management/type=create-activity/{activityId?}`): the step form, empty for a new activity
 * or filled from `detail/{id}`. The first save creates the draft and the address takes its id, while
 * the form stays where it is.
 */
export default function CreateActivityScreen() {
  const t = useT();
  const { activityId } = useParams();
  const navigate = useNavigate();
  const api = useActivityManageApi();
  const user = useCurrentUser();
  const canWrite = useMgmtRights().has('write');
  // The draft this screen created: its address needs no load, the form on screen is it.
  const [created, setCreated] = useState<string | null>(null);
  const stored = activityId && activityId !== created ? activityId : null;
  const detail = useAsync(() => (stored ? api.detail(stored) : Promise.resolve(null)), [api, stored]);
  const organiser = user?.bureauName ?? '';

  const title = t(!activityId ? 'mgmt.createActivity' : detail.data?.status === 2 || !canWrite ? 'actm.viewTitle' : 'actm.editTitle');
  let body;
  if (!stored) {
    body = (
      <ActivityEditor
        key="new"
        initial={null}
        organiser={organiser}
        allowedLevels={levelsOfOrganiser(user?.organizationType)}
        onCreated={(id) => {
          setCreated(id);
          void navigate(editPath(id), { replace: true, preventScrollReset: true });
        }}
      />
    );
  } else if (detail.status === 'failed') {
    body = <LoadFailed message={detail.message} onRetry={detail.reload} />;
  } else if (detail.status === 'loading' || detail.data?.activityId !== stored) {
    body = (
      <div aria-busy="true">
        <span className="ds-visually-hidden">{t('actm.loading')}</span>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  } else {
    body = (
      <ActivityEditor
        key={stored}
        initial={detail.data}
        organiser={detail.data.orgName}
        allowedLevels={levelsForActivity(user?.organizationType, detail.data.reviewLevels)}
        onCreated={() => undefined}
      />
    );
  }
  return (
    <div className="ds-mgmt-screen">
      <h1 className="ds-screen-title">{title}</h1>
      {body}
    </div>
  );
}
