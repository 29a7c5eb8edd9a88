import { useT } from '../i18n/useT';

/** Shown while the first screen's code arrives: a CSS spinner (shell.css), no antd in the first load. */
export function PageLoading() {
  const t = useT();
  return (
    <div className="ds-page-loading">
      <span className="ds-spinner" role="status" aria-label={t('loading')} />
    </div>
  );
}
