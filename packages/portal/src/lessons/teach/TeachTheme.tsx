import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * antd's error red (#ff4d4f) is 3.3:1 on white: too light for the messages under fields and the
 * delete buttons that these screens show. A deeper red (6.5:1) for everything inside them.
 */
const readableErrors = { token: { colorError: '#cf1322' } };

export function TeachTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={readableErrors}>{children}</ConfigProvider>;
}
