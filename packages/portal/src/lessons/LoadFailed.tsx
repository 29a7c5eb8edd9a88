import { Alert, Button } from 'antd';
import { useT } from '../i18n/useT';

/** A load that failed: the server's words and a retry button. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return <Alert type="error" showIcon title={t('learn.loadFailed')} description={message} action={<Button onClick={onRetry}>{t('retry')}</Button>} />;
}
