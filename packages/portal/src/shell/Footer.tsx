import { Link } from 'react-router';
import { useT } from '../i18n/useT';
import { useGlobalValue, useManagementAccess } from '../platform/hooks';

/** Bureau copyright and filing number; the back-office entry only for the roles of spec §2 "Footer". */
export function Footer() {
  const t = useT();
  const platformName = useGlobalValue('common.platform.name');
  const access = useManagementAccess();
  const year = new Date().getFullYear();
  return (
    <footer className="ds-footer">
      <div className="ds-container ds-footer-inner">
        <p>
          © {year} {platformName} {t('footer.copyright')}
        </p>
        <p>
          {t('footer.filing')} · {t('footer.support')}
        </p>
        {access === 'granted' && (
          <p>
            <Link className="ds-footer-link" to="/management">
              {t('footer.management')}
            </Link>
          </p>
        )}
      </div>
    </footer>
  );
}
