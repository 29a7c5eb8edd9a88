import { ConfigKeys } from '@dscloud/sdk/config';
import { Link } from 'react-router';
import { useT } from '../i18n/useT';
import { useBackOfficeScreen } from '../management/kit/access';
import { useGlobalValue, usePlatformName } from '../platform/hooks';

/** The ICP filing number links to the ministry's filing register, as filed sites do. */
const ICP_REGISTER = 'https://beian.miit.gov.cn/';

/**
 * Bureau copyright, filing numbers and hotlines from the platform settings (read from the global
 * configuration at every page load, so a change on the settings screen shows on the next one); the
 * back-office entry only for the roles of spec §2 "Footer", opening the first screen the user may use.
 */
export function Footer() {
  const t = useT();
  // In English the platform's English name (`common.platform.nameEn`), as the header shows it; a
  // copyright holder set on the settings screen is a legal name and is shown as written.
  const platformName = usePlatformName();
  const copyright = useGlobalValue(ConfigKeys.footerCopyright);
  const icp = useGlobalValue(ConfigKeys.footerIcp);
  const police = useGlobalValue(ConfigKeys.footerPolice);
  const hotlines = [
    ['footer.hotline.account', useGlobalValue(ConfigKeys.hotlineAccount)],
    ['footer.hotline.usage', useGlobalValue(ConfigKeys.hotlineUsage)],
    ['footer.hotline.groupChat', useGlobalValue(ConfigKeys.hotlineGroupChat)],
  ] as const;
  const backOffice = useBackOfficeScreen();
  const year = new Date().getFullYear();
  const shownHotlines = hotlines.filter(([, value]) => value !== '');
  return (
    <footer className="ds-footer">
      <div className="ds-container ds-footer-inner">
        <p>
          © {year} {copyright || platformName} {t('footer.copyright')}
        </p>
        <p>
          {icp ? (
            <a className="ds-footer-link" href={ICP_REGISTER} target="_blank" rel="noopener noreferrer">
              {t('footer.icp', { value: icp })}
            </a>
          ) : (
            t('footer.filing')
          )}
          {police ? ` · ${t('footer.police', { value: police })}` : ''} · {t('footer.support')}
        </p>
        {shownHotlines.length > 0 && (
          <p aria-label={t('footer.hotlines')}>
            {shownHotlines.map(([key, value]) => t(key, { value })).join(' · ')}
          </p>
        )}
        {backOffice && (
          <p>
            <Link className="ds-footer-link" to={backOffice}>
              {t('footer.management')}
            </Link>
          </p>
        )}
      </div>
    </footer>
  );
}
