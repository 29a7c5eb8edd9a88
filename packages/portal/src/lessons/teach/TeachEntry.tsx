import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../i18n/useT';
import './teach.css';

/** On 智慧教学 (/learn for teachers): the way to upload a lesson and to the teacher's own lessons. */
export function TeachEntry() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="ds-teach-entry">
      <Button type="primary" icon={<UploadOutlined />} onClick={() => void navigate('/my-lessons/new')}>
        {t('teach.newLesson')}
      </Button>
      <Link to="/my-lessons">{t('teach.myLessons')}</Link>
    </div>
  );
}
