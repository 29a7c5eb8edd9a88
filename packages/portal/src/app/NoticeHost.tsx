import { App as AntApp } from 'antd';
import { createRoot } from 'react-dom/client';
import { AntdScope, NoticeSink } from './AntdRoot';

/**
 * The page's own notice sink (platform/noticeBridge.tsx): antd's App in a root of its own at the end
 * of the body, in the theme and the chosen language. Fetched with antd on the first notice raised
 * while no screen's sink is attached (the home screen loads no antd); mounted once.
 */
export function mountNoticeHost(): void {
  const host = document.createElement('div');
  host.className = 'ds-notice-host';
  document.body.append(host);
  createRoot(host).render(
    <AntdScope>
      <AntApp component={false}>
        <NoticeSink under />
      </AntApp>
    </AntdScope>,
  );
}
