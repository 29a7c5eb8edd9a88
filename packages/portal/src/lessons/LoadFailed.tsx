import { CloseCircleFilled } from '@ant-design/icons';
import { useT } from '../i18n/useT';
import './loadFailed.css';

/**
 * A load that failed: the server's words and a retry button. Plain markup in the look of antd's error
 * Alert (the home screen uses it and loads no antd, see routes/routeTable.tsx); the shell's `.ds-button`.
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="ds-load-failed" role="alert">
      <CloseCircleFilled className="ds-load-failed-icon" aria-hidden="true" />
      <div className="ds-load-failed-body">
        <p className="ds-load-failed-title">{t('learn.loadFailed')}</p>
        <p className="ds-load-failed-text">{message}</p>
      </div>
      <button type="button" className="ds-button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
