import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { bootHomeSlides, markBootSlidesUsed } from '../boot/bootData';
import { useT } from '../i18n/useT';
import { LessonGrid } from '../lessons/LessonGrid';
import { useAsync } from '../lessons/useAsync';
import { useLessonsApi } from '../lessons/useLessonsApi';
import { usePlatformName, useViewer } from '../platform/hooks';
import { usePortal } from '../platform/PortalContext';
import { BannerCarousel } from './home/BannerCarousel';
import { homeSlides, serverSlides } from './home/slides';
import './home/home.css';
import '../lessons/lessons.css';

const SECTIONS = [
  { to: '/live-class-schedule', title: 'screen.liveSchedule', text: 'home.slide.live.text' },
  { to: '/more-lessons/1', title: 'screen.moreLessons', text: 'home.section.lessons' },
  { to: '/special-topic', title: 'screen.specialTopic', text: 'home.section.special' },
  { to: '/resourcesCollect', title: 'screen.resourcesCollect', text: 'home.slide.resources.text' },
] as const;

const HOME_LESSONS = 8;

/**
 * The landing page (`/main/type=new`): banner, recommended and live lessons, the entries to the lesson
 * areas. It loads no antd (plain markup in the theme's tokens; routes/routeTable.tsx keeps it out of
 * the antd layout route), so a visitor's first page runs only React, the shell and this screen.
 */
export default function HomeScreen() {
  const t = useT();
  const viewer = useViewer();
  const { platform } = usePortal();
  const api = useLessonsApi();
  const platformName = usePlatformName();
  // A guest's first home screen shows the slides the page came with (and index.html's first screen
  // showed: the same picture at the same size, so it stays the largest paint); then the server's.
  const [boot] = useState(() => bootHomeSlides(viewer.loggedIn));
  useEffect(() => markBootSlidesUsed(), []);
  // The server picks slides by role and titles them by identity, so they follow the login.
  const slides = useAsync(() => (boot && !viewer.loggedIn ? Promise.resolve(boot) : api.slides()), [api, viewer.loggedIn, viewer.kind]);
  const slideRows = slides.status === 'ready' ? slides.data : (slides.data ?? (viewer.loggedIn ? null : boot));
  const recommended = useAsync(() => api.recommended({ limit: HOME_LESSONS }), [api, viewer.loggedIn]);
  const live = useAsync(async () => {
    // On air first, then the next to start; ended lessons only live on in the schedule.
    const [living, upcoming] = await Promise.all([
      api.livePage({ liveState: 'living', pageSize: HOME_LESSONS, orderBy: 'liveStart' }),
      api.livePage({ liveState: 'upcoming', pageSize: HOME_LESSONS, orderBy: 'liveStart' }),
    ]);
    return [...living.rows, ...upcoming.rows].slice(0, HOME_LESSONS);
  }, [api]);

  const banner =
    slideRows && slideRows.length > 0 && slides.status !== 'failed'
      ? serverSlides(slideRows, viewer, (path) => platform.http.url(path))
      : homeSlides(viewer, t);
  return (
    <div className="ds-home">
      <h1 className="ds-home-title">{t('home.welcome', { name: platformName })}</h1>
      <BannerCarousel slides={banner} loading={slides.status === 'loading' && !slideRows} />
      <section className="ds-section" aria-labelledby="home-recommended">
        <div className="ds-section-head">
          <h2 id="home-recommended">{t('learn.recommended')}</h2>
          <Link to="/more-lessons/3">{t('learn.more')}</Link>
        </div>
        <LessonGrid state={recommended} label={t('learn.recommended')} placeholders={{ count: HOME_LESSONS }} eager={4} />
      </section>
      <section className="ds-section" aria-labelledby="home-live">
        <div className="ds-section-head">
          <h2 id="home-live">{t('learn.live')}</h2>
          <Link to="/live-class-schedule">{t('screen.liveSchedule')}</Link>
        </div>
        <LessonGrid state={live} label={t('learn.live')} placeholders={{ count: HOME_LESSONS, metaLines: 2 }} />
      </section>
      <ul className="ds-home-sections">
        {SECTIONS.map((s) => (
          <li key={s.to}>
            <div className="ds-home-card">
              <h2>
                <Link to={s.to}>{t(s.title)}</Link>
              </h2>
              <p>{t(s.text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
