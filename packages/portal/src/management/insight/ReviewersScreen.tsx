import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/useT';
import { InsightActivityTable } from './InsightActivityTable';
import { insightPaths } from './paths';
import '../management.css';

/**
 * 教师评审详情 (`/management/type=jspsxq`): the organiser's activities, each opening its reviewers'
 * progress (`jspsxqdetail/{activityId}`).
 */
export default function ReviewersScreen() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="ds-mgmt-screen">
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">{t('mgmt.jspsxq')}</h1>
      </div>
      <InsightActivityTable
        label={t('ri.table.activities')}
        actions={(row) => (
          <Button type="link" onClick={() => void navigate(insightPaths.reviewerDetail(row))}>
            {t('ri.reviewers.open')}
          </Button>
        )}
      />
    </div>
  );
}
