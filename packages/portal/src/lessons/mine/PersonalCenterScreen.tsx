import { Avatar } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../i18n/useT';
import { useCurrentUser, useViewerProfile } from '../../platform/hooks';
import { RequireLogin } from '../RequireLogin';
import { LearningTotals } from './LearningTotals';
import '../lessons.css';
import './mine.css';

function Profile() {
  const t = useT();
  const user = useCurrentUser();
  const profile = useViewerProfile();
  const identity = Number(user?.identityCode);
  const identityKey = identity === 5 || identity === 6 || identity === 7 ? (`personal.identity.${identity}` as const) : null;
  const facts = [
    { label: t('personal.name'), value: user?.userName ?? '' },
    { label: t('personal.identity'), value: identityKey ? t(identityKey) : '' },
    { label: t('personal.school'), value: user?.bureauName ?? '' },
    { label: t('personal.class'), value: user?.className ?? '' },
  ];
  return (
    <>
      <section className="ds-panel ds-profile" aria-labelledby="personal-info">
        <h2 id="personal-info">{t('personal.info')}</h2>
        <div className="ds-profile-body">
          <Avatar size={64} src={profile.avatarUrl ?? undefined} alt="">
            {profile.name.slice(0, 1)}
          </Avatar>
          <dl className="ds-profile-facts">
            {facts.map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}</dt>
                <dd>{fact.value || '—'}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section className="ds-section" aria-labelledby="personal-totals">
        <h2 id="personal-totals" className="ds-section-title">{t('personal.totals')}</h2>
        <LearningTotals />
      </section>
      <nav className="ds-panel ds-profile-links" aria-label={t('personal.links')}>
        <Link to="/study-record">{t('screen.studyRecord')}</Link>
        <Link to="/my-notes">{t('screen.notes')}</Link>
        <Link to="/my-collection">{t('user.collection')}</Link>
      </nav>
    </>
  );
}

/** The personal centre: who the viewer is (from the SDK's user store) and their learning in numbers. */
export default function PersonalCenterScreen() {
  const t = useT();
  return (
    <div>
      <h1 className="ds-screen-title">{t('user.personalCenter')}</h1>
      <RequireLogin>
        <Profile />
      </RequireLogin>
    </div>
  );
}
