import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../i18n/useT';

export interface PlaceholderProps {
  title: string;
  subTitle: string;
  status?: 'info' | '404' | '403' | 'warning' | 'error';
  extra?: ReactNode;
}

/** A full-width notice with a real heading, shared by the coming-soon, no-page and failure screens. */
export function Placeholder({ title, subTitle, status = 'info', extra }: PlaceholderProps) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <section className="ds-placeholder">
      <Result
        status={status}
        title={<h1 className="ds-placeholder-title">{title}</h1>}
        subTitle={subTitle}
        extra={
          extra ?? (
            <Button type="primary" onClick={() => void navigate('/')}>
              {t('backHome')}
            </Button>
          )
        }
      />
    </section>
  );
}
