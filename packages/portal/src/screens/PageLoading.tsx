import { Spin } from 'antd';
import { useT } from '../i18n/useT';

/** Shown while the first screen's code arrives. */
export function PageLoading() {
  const t = useT();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 64 }}>
      <Spin size="large" aria-label={t('loading')} />
    </div>
  );
}
