import type { CarouselSlide } from '../../api/lessons';
import { slideColors } from '../../app/theme';
import type { MessageKey } from '../../i18n/messages';
import type { Viewer } from '../../shell/navItems';

/** A banner slide ready to show: words resolved, a route to open, and art or a gradient behind it. */
export interface Slide {
  key: string;
  title: string;
  text: string;
  /** The English title and text, when the slide has them (the banner shows them in English mode). */
  titleEn?: string;
  textEn?: string;
  /** A route inside the portal, or an address elsewhere (`external`). */
  to: string;
  external?: boolean;
  imageUrl?: string;
  /** Two colours of the slide's gradient, shown until (or instead of) the image. */
  colors: readonly [string, string];
}

interface LocalSlide {
  key: string;
  title: MessageKey;
  text: MessageKey;
  to: string;
  colors: readonly [string, string];
}

/** The home banner slides of spec §2, in order; management only for logged-in non-students. */
function localSlides(viewer: Viewer): LocalSlide[] {
  const slides: LocalSlide[] = [
    { key: 'live', title: 'home.slide.live', text: 'home.slide.live.text', to: '/live-class-schedule', colors: slideColors.live },
    {
      key: 'learn',
      title: viewer.kind === 'teacher' ? 'nav.teach' : 'nav.learn',
      text: viewer.kind === 'teacher' ? 'home.slide.teach.text' : 'home.slide.learn.text',
      to: '/learn',
      colors: slideColors.learn,
    },
    { key: 'assessment', title: 'nav.assessment', text: 'home.slide.assessment.text', to: '/waitPage/smartAssessment', colors: slideColors.assessment },
    { key: 'training', title: 'nav.training', text: 'home.slide.training.text', to: '/waitPage/smartTraining', colors: slideColors.training },
  ];
  if (viewer.loggedIn && viewer.kind !== 'student' && viewer.kind !== 'pending') {
    slides.push({ key: 'management', title: 'nav.management', text: 'home.slide.management.text', to: '/waitPage/smartManagement', colors: slideColors.management });
  }
  slides.push(
    { key: 'famous', title: 'screen.famousSchool', text: 'home.slide.famous.text', to: '/famousSchool', colors: slideColors.famous },
    { key: 'resources', title: 'screen.resourcesCollect', text: 'home.slide.resources.text', to: '/resourcesCollect', colors: slideColors.resources },
  );
  return slides;
}

/** The built-in slides, used while the server's list loads or when it cannot be had. */
export function homeSlides(viewer: Viewer, t: (key: MessageKey) => string): Slide[] {
  return localSlides(viewer).map(({ title, text, ...rest }) => ({ ...rest, title: t(title), text: t(text) }));
}

const FALLBACK_COLORS = slideColors.live;

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
        ...(row.titleEn ? { titleEn: row.titleEn } : {}),
        ...(row.subtitleEn ? { textEn: row.subtitleEn } : {}),
        to: to ?? '',
        external: target.type === 'url',
        imageUrl: row.imageUrl ? url(row.imageUrl) : undefined,
        colors: builtIn?.colors ?? FALLBACK_COLORS,
      },
    ];
  });
}
