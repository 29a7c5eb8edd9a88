import type { ThemeConfig } from 'antd';

/**
 * Colours deeper than antd's defaults so text passes WCAG AA on white: the blue under white text, the
 * error red of field messages and delete buttons (#ff4d4f is 3.3:1), placeholder grey (below 4.5:1).
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1656c9',
    colorLink: '#1656c9',
    colorInfo: '#1656c9',
    // antd derives hover colours lighter than the base; under the pointer they fell below 4.5:1 on white.
    colorPrimaryHover: '#0f4aa8',
    colorLinkHover: '#0f4aa8',
    colorError: '#cf1322',
    colorTextPlaceholder: '#595959',
    borderRadius: 6,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
};
