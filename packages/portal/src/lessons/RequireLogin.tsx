import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../i18n/useT';
import { useLoggedIn } from '../platform/hooks';
import { Placeholder } from '../screens/Placeholder';

/** Personal screens ask a visitor to log in first, and bring them back here afterwards. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const t = useT();
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  if (loggedIn) return <>{children}</>;
  return (
    <Placeholder
      status="403"
      title={t('login.required')}
      subTitle={t('login.requiredDesc')}
      extra={
        <Button type="primary" onClick={() => void navigate(`/login?returnUrl=${encodeURIComponent(pathname + search)}`)}>
          {t('user.login')}
        </Button>
      }
    />
  );
}
