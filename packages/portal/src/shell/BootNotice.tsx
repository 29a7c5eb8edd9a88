import { Alert, Button } from 'antd';
import { useT } from '../i18n/useT';
import { useBoot, useBootActions } from '../platform/hooks';

/** Says plainly when the server configuration or the logged-in user could not be loaded, with a retry. */
export function BootNotice() {
  const t = useT();
  const boot = useBoot();
  const actions = useBootActions();
  const problem =
    boot.config === 'failed'
      ? { text: t('config.loadFailed'), retry: actions.reloadConfig }
      : boot.user === 'failed'
        ? { text: t('user.loadFailed'), retry: actions.reloadUser }
        : null;
  if (!problem) return null;
  return (
    <div className="ds-container ds-boot-notice">
      <Alert
        type="error"
        showIcon
        role="alert"
        title={problem.text}
        action={
          <Button size="small" onClick={problem.retry}>
            {t('retry')}
          </Button>
        }
      />
    </div>
  );
}
