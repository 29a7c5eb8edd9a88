import { CloseCircleFilled } from '@ant-design/icons';
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
  // Plain markup rather than antd's Alert: the shell paints before antd loads.
  return (
    <div className="ds-container ds-boot-notice">
      <div className="ds-alert" role="alert">
        <CloseCircleFilled className="ds-alert-icon" aria-hidden="true" />
        <span className="ds-alert-text">{problem.text}</span>
        <button type="button" className="ds-button ds-button-small" onClick={problem.retry}>
          {t('retry')}
        </button>
      </div>
    </div>
  );
}
