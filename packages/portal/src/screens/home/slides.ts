import type { MessageKey } from '../../i18n/messages';
import type { Viewer } from '../../shell/navItems';

export interface Slide {
  key: string;
  title: MessageKey;
  text: MessageKey;
  to: string;
  /** Two colours of the slide's gradient. */
  colors: [string, string];
}

/** The home banner slides of spec §2, in order; management only for logged-in non-students. */
export function homeSlides(viewer: Viewer): Slide[] {
  const slides: Slide[] = [
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
