import { Button, Card, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/useT';
import { SchoolTeachers } from '../../teachers/SchoolTeachers';
import './browse.css';

const SCHOOLS = ['school.1', 'school.2', 'school.3', 'school.4'] as const;

/** The famous-school zone (spec §2): four schools, only the first open, the others say 敬请期待; below, the teachers of the schools. */
export default function FamousSchoolScreen() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div>
      <h1 className="ds-screen-title">{t('screen.famousSchool')}</h1>
      <ul className="ds-schools">
        {SCHOOLS.map((key, i) => (
          <li key={key}>
            <Card className="ds-school">
              <h2>{t(key)}</h2>
              {i === 0 ? (
                // The zone's lessons are the platform's excellent lessons until a school has its own catalogue.
                <Button type="primary" onClick={() => void navigate('/more-lessons/3')}>
                  {t('famous.active')}
                </Button>
              ) : (
                <Tag>{t('famous.soon')}</Tag>
              )}
            </Card>
          </li>
        ))}
      </ul>
      <SchoolTeachers />
    </div>
  );
}
