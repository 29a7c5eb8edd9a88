import { useT } from '../i18n/useT';
import { Placeholder } from './Placeholder';

/** The catch-all screen for a route nobody defined. */
export default function NoPage() {
  const t = useT();
  return <Placeholder status="404" title={t('page.notFound')} subTitle={t('noPage.desc')} />;
}
