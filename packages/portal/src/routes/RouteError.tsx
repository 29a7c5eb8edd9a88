import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useT } from '../i18n/useT';
import NoPage from '../screens/NoPage';
import { Placeholder } from '../screens/Placeholder';
import { ScreenLoadError } from './lazyScreen';

/** Browsers word a failed dynamic import differently; all of them mean "fetch the code again". */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i;

export function isLoadFailure(error: unknown): boolean {
  return error instanceof ScreenLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));
}

/**
 * The two failure screens of spec §2: code that could not be loaded (a reload fixes it) and a screen
 * that broke while rendering. The shell around them keeps working.
 */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NoPage />;
  const loadFailed = isLoadFailure(error);
  if (!loadFailed) console.error(error);
  const title = loadFailed ? t('page.loadFailed') : t('page.internalError');
  return (
    <Placeholder
      status={loadFailed ? 'warning' : 'error'}
      title={title}
      subTitle=""
      extra={
        <button type="button" className="ds-button ds-button-primary" onClick={() => window.location.reload()}>
          {t('refresh')}
        </button>
      }
    />
  );
}
