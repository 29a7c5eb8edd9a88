import { Modal } from 'antd';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../i18n/useT';

/**
 * Spec §2: a visitor who tries to send feedback (or open their own) is asked 「需要登录后查看，是否登录？」
 * and, on yes, goes to login with `returnUrl` back to this page. Render `holder` once.
 */
export function useLoginQuestion() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [modal, holder] = Modal.useModal();
  const ask = useCallback(
    () =>
      void modal.confirm({
        title: t('feedback.loginTitle'),
        content: t('feedback.loginAsk'),
        okText: t('feedback.login'),
        cancelText: t('feedback.cancel'),
        onOk: () => void navigate(`/login?returnUrl=${encodeURIComponent(pathname + search)}`),
      }),
    [modal, navigate, pathname, search, t],
  );
  return { ask, holder };
}
