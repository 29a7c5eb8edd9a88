import { useT } from '../i18n/useT';
import { useScreenTitle } from '../routes/screenTitle';
import { Placeholder } from './Placeholder';

/** Screens that are routed but not built yet say so plainly, under their own name. */
export default function ComingSoon() {
  const t = useT();
  const title = useScreenTitle();
  return (
    <Placeholder
      title={title ? `${t(title)} · ${t('page.comingSoon')}` : t('page.comingSoon')}
      subTitle={t('comingSoon.desc')}
    />
  );
}
