import type { ThemeConfig } from 'antd';

/** A deeper blue than antd's default so white text on it passes WCAG AA contrast. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1656c9',
    colorLink: '#1656c9',
    colorInfo: '#1656c9',
    borderRadius: 6,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
};
