import { useParams } from 'react-router';
import type { MessageKey } from '../i18n/messages';
import { useT } from '../i18n/useT';
import { Placeholder } from './Placeholder';

const PAGE_NAMES: Record<string, MessageKey> = {
  smartAssessment: 'wait.smartAssessment',
  smartTraining: 'wait.smartTraining',
  famousSchool: 'wait.famousSchool',
  smartManagement: 'nav.management',
};

const TRAINING_MENUS: Record<string, MessageKey> = {
  '1': 'nav.training.primary',
  '2': 'nav.training.high',
};

/** The coming-soon page the header links to (spec §2 `/waitPage/{pageType}/{menuType}`). */
export default function WaitPage() {
  const t = useT();
  const { pageType = '', menuType } = useParams();
  const page = PAGE_NAMES[pageType];
  const menu = pageType === 'smartTraining' && menuType ? TRAINING_MENUS[menuType] : undefined;
  const name = [page && t(page), menu && t(menu)].filter(Boolean).join(' · ');
  return (
    <Placeholder
      title={name ? `${name} · ${t('page.comingSoon')}` : t('page.comingSoon')}
      subTitle={t('comingSoon.desc')}
    />
  );
}
