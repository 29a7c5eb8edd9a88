import type { ThemeConfig } from 'antd';

/**
 * Every colour of the portal, by role: the only place the portal writes one. The antd theme below,
 * the elements' --ds-color-* tokens and the portal's own stylesheets all read from it (themeTokens.ts
 * writes them on the page root). Colours are deeper than antd's defaults so text passes WCAG AA on
 * white: the blue under white text, the error red of field messages and delete buttons (#ff4d4f is
 * 3.3:1), placeholder grey (below 4.5:1).
 */
export const palette = {
  primary: '#1656c9',
  // antd derives hover colours lighter than the base; under the pointer they fell below 4.5:1 on white.
  primaryHover: '#0f4aa8',
  primaryBg: '#eef3fc',
  onPrimary: '#fff',
  text: '#1f2329',
  textSecondary: '#4e5969',
  placeholder: '#595959',
  page: '#f5f7fa',
  surface: '#fff',
  hover: '#f2f3f5',
  input: '#fff',
  track: '#eef0f3',
  border: '#c9cdd4',
  borderLight: '#e5e6eb',
  borderStrong: '#86909c',
  danger: '#cf1322',
  dangerBg: '#fdecea',
  success: '#135200',
  successBg: '#effaf0',
  successBorder: '#7bc67e',
  warningText: '#7c4a03',
  warningBg: '#fffbe6',
  warningBorder: '#d48806',
  coverPlaceholder: '#dfe6ef',
  media: '#000',
  onMedia: '#fff',
  onMediaMuted: 'rgba(255, 255, 255, 0.55)',
  mediaScrim: 'rgba(0, 0, 0, 0.72)',
  footer: '#1f2a3d',
  onFooter: '#d9dee8',
  onFooterLink: '#fff',
  shadow: 'rgba(0, 0, 0, 0.08)',
  shadowStrong: 'rgba(0, 0, 0, 0.12)',
  // Under the home banner's words on a picture: dark enough for white text on any image.
  bannerScrimStart: 'rgba(0, 0, 0, 0.55)',
  bannerScrimEnd: 'rgba(0, 0, 0, 0.1)',
} as const;

/** The home banner's built-in slides: a gradient each, white words (AA on both ends). */
export const slideColors = {
  live: [palette.primary, '#3b8cff'],
  learn: ['#0f7b6c', '#22b29c'],
  assessment: ['#7a3ec9', '#a46cf0'],
  training: ['#b35309', '#e0891a'],
  management: ['#334155', '#5b6b85'],
  famous: ['#a11d48', '#dc3f6f'],
  resources: ['#0b6e99', '#1ea5d8'],
} as const satisfies Record<string, readonly [string, string]>;

export const fontFamily = "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";

export const theme: ThemeConfig = {
  token: {
    colorPrimary: palette.primary,
    colorLink: palette.primary,
    colorInfo: palette.primary,
    colorPrimaryHover: palette.primaryHover,
    colorLinkHover: palette.primaryHover,
    colorError: palette.danger,
    colorTextPlaceholder: palette.placeholder,
    // antd's description grey (#8c8c8c, 3.4:1 on white) is the Result subtitle of every notice page.
    colorTextDescription: palette.textSecondary,
    borderRadius: 6,
    fontFamily,
  },
};

/**
 * The statistics charts (ECharts, `management/insight/charts/`): one colour per state of a work, the
 * same in every chart, each at least 3:1 against white (WCAG 1.4.11), and the heat map's scale from
 * "no node" to "many nodes".
 */
export const chartColors = {
  signUps: palette.primary,
  notSubmitted: '#86909c',
  pending: '#ad6800',
  returned: '#7a3ec9',
  passed: palette.primary,
  excellent: '#237804',
  rejected: palette.danger,
  decisions: '#0b6e99',
  heatLow: palette.primaryBg,
  heatHigh: palette.primary,
  axis: palette.textSecondary,
  grid: palette.borderLight,
  text: palette.text,
} as const;
