import type { CarouselSlide } from '../../api/lessons';
import type { MessageKey } from '../../i18n/messages';
import type { Viewer } from '../../shell/navItems';

/** A banner slide ready to show: words resolved, a route to open, and art or a gradient behind it. */
export interface Slide {
  key: string;
  title: string;
  text: string;
  /** A route inside the portal, or an address elsewhere (`external`). */
  to: string;
  external?: boolean;
  imageUrl?: string;
  /** Two colours of the slide's gradient, shown until (or instead of) the image. */
  colors: [string, string];
}

interface LocalSlide {
  key: string;
  title: MessageKey;
  text: MessageKey;
  to: string;
  colors: [string, string];
}

/** The home banner slides of spec §2, in order; management only for logged-in non-students. */
function localSlides(viewer: Viewer): LocalSlide[] {
  const slides: LocalSlide[] = [
    { key: 'live', title: 'home.slide.live', text: 'home.slide.live.text', to: '/live-class-schedule', colors: ['#1656c9', '#3b8cff'] },
    {
      key: 'learn',
      title: viewer.kind === 'teacher' ? 'nav.teach' : 'nav.learn',
      text: viewer.kind === 'teacher' ? 'home.slide.teach.text' : 'home.slide.learn.text',
      to: '/learn',
      colors: ['#0f7b6c', '#22b29c'],
    },
    { key: 'assessment', title: 'nav.assessment', text: 'home.slide.assessment.text', to: '/waitPage/smartAssessment', colors: ['#7a3ec9', '#a46cf0'] },
    { key: 'training', title: 'nav.training', text: 'home.slide.training.text', to: '/waitPage/smartTraining', colors: ['#b35309', '#e0891a'] },
  ];
  if (viewer.loggedIn && viewer.kind !== 'student') {
    slides.push({ key: 'management', title: 'nav.management', text: 'home.slide.management.text', to: '/waitPage/smartManagement', colors: ['#334155', '#5b6b85'] });
  }
  slides.push(
    { key: 'famous', title: 'screen.famousSchool', text: 'home.slide.famous.text', to: '/famousSchool', colors: ['#a11d48', '#dc3f6f'] },
    { key: 'resources', title: 'screen.resourcesCollect', text: 'home.slide.resources.text', to: '/resourcesCollect', colors: ['#0b6e99', '#1ea5d8'] },
  );
  return slides;
}

/** The built-in slides, used while the server's list loads or when it cannot be had. */
export function homeSlides(viewer: Viewer, t: (key: MessageKey) => string): Slide[] {
  return localSlides(viewer).map(({ title, text, ...rest }) => ({ ...rest, title: t(title), text: t(text) }));
}

const FALLBACK_COLORS: [string, string] = ['#1656c9', '#3b8cff'];

/**
 * The server's slides (already filtered by the viewer's role and titled for their identity). A slide
 * pointing at an external site whose address is configured elsewhere opens the built-in route for its key.
 */
export function serverSlides(rows: CarouselSlide[], viewer: Viewer, url: (path: string) => string): Slide[] {
  const local = new Map(localSlides(viewer).map((s) => [s.key, s]));
  return rows.flatMap((row): Slide[] => {
    const builtIn = local.get(row.key);
    const target = row.target;
    const to = target.type === 'route' ? target.path : target.type === 'url' ? target.url : builtIn?.to;
    return [
      {
        key: row.carouselImageId,
        title: row.title,
        text: row.subtitle ?? '',
        to: to ?? '',
        external: target.type === 'url',
        imageUrl: row.imageUrl ? url(row.imageUrl) : undefined,
        colors: builtIn?.colors ?? FALLBACK_COLORS,
      },
    ];
  });
}
