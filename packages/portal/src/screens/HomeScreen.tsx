import { Card } from 'antd';
import { Link } from 'react-router';
import { useT } from '../i18n/useT';
import { useGlobalValue, useViewer } from '../platform/hooks';
import { BannerCarousel } from './home/BannerCarousel';
import { homeSlides } from './home/slides';
import './home/home.css';

const SECTIONS = [
  { to: '/live-class-schedule', title: 'screen.liveSchedule', text: 'home.slide.live.text' },
  { to: '/more-lessons/1', title: 'screen.moreLessons', text: 'home.section.lessons' },
  { to: '/special-topic', title: 'screen.specialTopic', text: 'home.section.special' },
  { to: '/resourcesCollect', title: 'screen.resourcesCollect', text: 'home.slide.resources.text' },
] as const;

/** The landing page (`/main/type=new`): banner and the entries to the lesson areas. */
export default function HomeScreen() {
  const t = useT();
  const viewer = useViewer();
  const platformName = useGlobalValue('common.platform.name');
  return (
    <div className="ds-home">
      <h1 className="ds-home-title">
        {t('home.welcome', { name: platformName })}
      </h1>
      <BannerCarousel slides={homeSlides(viewer)} />
      <ul className="ds-home-sections">
        {SECTIONS.map((s) => (
          <li key={s.to}>
            <Card>
              <h2>
                <Link to={s.to}>{t(s.title)}</Link>
              </h2>
              <p>{t(s.text)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
