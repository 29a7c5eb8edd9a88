/** Words of single sign-on and the device shells, Chinese first. */
export const ssoZh = {
  'sso.opening': '正在进入，请稍候…',
  'sso.notConfigured': '该应用尚未配置地址，请联系管理员',
  'sso.popupBlocked': '浏览器拦截了新窗口，请允许本站弹出窗口后重试',
  'device.tokenFailed': '获取token失败',
  'device.downloading': '正在下载，请稍候',
} as const;

export const ssoEn: Record<keyof typeof ssoZh, string> = {
  'sso.opening': 'Opening, please wait…',
  'sso.notConfigured': 'This application has no address configured yet, please contact the administrator',
  'sso.popupBlocked': 'The browser blocked the new window; allow pop-ups for this site and try again',
  'device.tokenFailed': 'Failed to get the token',
  'device.downloading': 'Downloading, please wait',
};
