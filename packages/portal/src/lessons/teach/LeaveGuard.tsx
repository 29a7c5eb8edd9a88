import { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useT } from '../../i18n/useT';

/**
 * While `active` (videos uploading), leaving the screen asks first: inside the portal with a dialog,
 * for a reload or a closed tab with the browser's own question. The dialog says how to continue later.
 */
export function LeaveGuard({ active }: { active: boolean }) {
  const t = useT();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!active) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('teach.leave.title')}
      okText={t('teach.leave.go')}
      cancelText={t('teach.leave.stay')}
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{t('teach.leave.body')}</p>
    </Modal>
  );
}
