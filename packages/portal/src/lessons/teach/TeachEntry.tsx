import { UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useT } from '../../i18n/useT';
import './teach.css';

/** On 智慧教学 (/learn for teachers): the way to upload a lesson and to the teacher's own lessons (plain markup: /learn loads no antd). */
export function TeachEntry() {
  const t = useT();
  return (
    <div className="ds-teach-entry">
      <Link className="ds-button ds-button-primary" to="/my-lessons/new">
        <UploadOutlined aria-hidden="true" />
        {t('teach.newLesson')}
      </Link>
      <Link to="/my-lessons">{t('teach.myLessons')}</Link>
    </div>
  );
}
