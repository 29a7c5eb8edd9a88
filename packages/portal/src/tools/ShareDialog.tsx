import { isDsError } from '@dscloud/sdk/errors';
import type { WhiteboardResource } from '@dscloud/sdk/tools';
import { App, Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useT } from '../i18n/useT';
import { dateTime } from '../lessons/format';
import { useAsync } from '../lessons/useAsync';
import { useToolsApi } from './useToolsApi';

/** Where a read-only link opens: this portal's `/tool-share/:tool/:token`. */
export const shareUrl = (tool: string, token: string) =>
  `${location.origin}${location.pathname}${location.search}#/tool-share/${encodeURIComponent(tool)}/${encodeURIComponent(token)}`;

/**
 * 分享 on a tool document: make a read-only link (shown once, with 复制链接), make a new one (the old
 * stops working), or revoke it. The server keeps only the token's hash, so a live link made earlier is
 * reported but not shown again.
 */
export function ShareDialog({ row, onClose }: { row: WhiteboardResource; onClose(): void }) {
  const t = useT();
  const api = useToolsApi();
  const { message } = App.useApp();
  const id = row.businessWhiteboardResourceId;
  const state = useAsync(() => api.shareState(id), [api, id]);
  const [link, setLink] = useState('');
  const [busy, setBusy] = useState(false);
  const fail = (error: unknown) => void message.error(isDsError(error) ? `${error.message}（${error.code}）` : String(error));

  const create = async () => {
    setBusy(true);
    try {
      const made = await api.share(id, { silent: true });
      setLink(shareUrl(row.tool, made.shareToken));
      state.reload();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    setBusy(true);
    try {
      await api.revokeShare(id, { silent: true });
      setLink('');
      state.reload();
      void message.success(t('tools.shareRevoked'));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      void message.success(t('tools.shareCopied'));
    } catch (error) {
      fail(error);
    }
  };

  const shared = state.data?.shared === true;
  return (
    <Modal open title={t('tools.shareTitle', { title: row.title })} onCancel={onClose} footer={<Button onClick={onClose}>{t('tools.close')}</Button>}>
      <p>{t('tools.shareHint')}</p>
      {link ? (
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Input readOnly value={link} aria-label={t('tools.shareLink')} onFocus={(e) => e.target.select()} />
          <Button type="primary" onClick={() => void copy()}>{t('tools.shareCopy')}</Button>
        </Space.Compact>
      ) : (
        <p role="status">{shared ? t('tools.shareActive', { time: dateTime(state.data!.createTime!) }) : state.data ? t('tools.shareNone') : ''}</p>
      )}
      <Space>
        <Button type={link ? 'default' : 'primary'} loading={busy} onClick={() => void create()}>{shared ? t('tools.shareRenew') : t('tools.shareCreate')}</Button>
        {shared && <Button danger disabled={busy} onClick={() => void revoke()}>{t('tools.shareRevoke')}</Button>}
      </Space>
    </Modal>
  );
}
