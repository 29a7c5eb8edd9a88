import { DownOutlined } from '@ant-design/icons';
import type { ActivitySummary } from '@dscloud/sdk/activities';
import { Button, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/useT';
import { insightPaths } from './paths';

/** 统计 on a row of 征集活动管理: the activity's applicants, sign-up and work figures, high-quality works, reviewers. */
export function ActivityInsightMenu({ activity }: { activity: ActivitySummary }) {
  const t = useT();
  const navigate = useNavigate();
  const ref = { activityId: activity.activityId, activitySystem: activity.activitySystem, name: activity.name };
  const items = [
    { key: insightPaths.overview(activity.activityId), label: t('mgmt.zyzjhdgk') },
    { key: insightPaths.applicants(ref), label: t('mgmt.applicants') },
    { key: insightPaths.signUpStatistics(ref), label: t('mgmt.signUpStatistics') },
    { key: insightPaths.opusStatistics(ref), label: t('mgmt.opusStatistics') },
    { key: insightPaths.qualityWorks(ref), label: t('mgmt.qualityWorks') },
    { key: insightPaths.reviewerDetail(ref), label: t('mgmt.jspsxqdetail') },
  ];
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => void navigate(key) }} trigger={['click']}>
      <Button type="link" aria-label={t('ri.menuOf', { name: activity.name })}>
        {t('ri.menu')} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
