import { CloseCircleFilled, ExclamationCircleFilled, FileSearchOutlined, InfoCircleFilled, LockOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../i18n/useT';

export interface PlaceholderProps {
  title: string;
  subTitle: string;
  status?: 'info' | '404' | '403' | 'warning' | 'error';
  extra?: ReactNode;
}

const ICONS = {
  info: InfoCircleFilled,
  '404': FileSearchOutlined,
  '403': LockOutlined,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
} as const;

/**
 * A full-width notice with a real heading, shared by the coming-soon, no-page and failure screens.
 * Plain markup and one icon (not antd's Result and its illustrations, nor antd's Button): the no-page
 * and failure screens belong to the shell, so this is part of every first load, which has no antd.
 */
export function Placeholder({ title, subTitle, status = 'info', extra }: PlaceholderProps) {
  const t = useT();
  const navigate = useNavigate();
  const Icon = ICONS[status];
  return (
    <section className="ds-placeholder" data-status={status}>
      <Icon className="ds-placeholder-icon" aria-hidden />
      <h1 className="ds-placeholder-title">{title}</h1>
      {subTitle ? <p className="ds-placeholder-desc">{subTitle}</p> : null}
      <div className="ds-placeholder-extra">
        {extra ?? (
          <button type="button" className="ds-button ds-button-primary" onClick={() => void navigate('/')}>
            {t('backHome')}
          </button>
        )}
      </div>
    </section>
  );
}
