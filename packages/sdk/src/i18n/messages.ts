import type { Locale } from '../errors/catalogue.js';

/**
 * SDK-level interface strings shared by the elements and the portal, Chinese first.
 * `{name}` marks a parameter filled by `t(key, params)`.
 */
export const messages = {
  'login.usernameRequired': { 'zh-CN': '请输入账号', en: 'Please enter your account' },
  'login.passwordRequired': { 'zh-CN': '请输入密码', en: 'Please enter your password' },
  'login.username': { 'zh-CN': '账号', en: 'Account' },
  'login.password': { 'zh-CN': '密码', en: 'Password' },
  'login.submit': { 'zh-CN': '登录', en: 'Log in' },
  'login.rememberPassword': { 'zh-CN': '记住密码', en: 'Remember password' },
  'login.forgotPassword': { 'zh-CN': '忘记密码', en: 'Forgot password' },
  'login.otherMethods': { 'zh-CN': '其他登录方式', en: 'Other login methods' },
  'login.wechat': { 'zh-CN': '微信登录', en: 'WeChat login' },
  'login.captchaTitle': { 'zh-CN': '请完成安全验证', en: 'Please complete the security check' },
  'login.captchaHint': { 'zh-CN': '向右拖动滑块填充拼图', en: 'Drag the slider to complete the puzzle' },
  'login.logout': { 'zh-CN': '退出登录', en: 'Log out' },
  'session.expired': { 'zh-CN': '登录已过期，请重新登录', en: 'Your session has expired, please log in again' },
  'deploy.failedTitle': { 'zh-CN': '用户登录失败', en: 'User login failed' },
  'deploy.failedContent': {
    'zh-CN': '学院未找到相关用户，请联系学院管理员',
    en: 'The college found no related user, please contact the college administrator',
  },
  'deploy.failedOk': { 'zh-CN': '知道了', en: 'Got it' },
  'notice.success': { 'zh-CN': '操作成功', en: 'Operation succeeded' },
  'notice.failure': { 'zh-CN': '操作失败', en: 'Operation failed' },
  'confirm.title': { 'zh-CN': '提示', en: 'Prompt' },
  'confirm.delete': { 'zh-CN': '确定要删除吗', en: 'Are you sure you want to delete?' },
  'confirm.ok': { 'zh-CN': '确定', en: 'OK' },
  'confirm.cancel': { 'zh-CN': '取消', en: 'Cancel' },
  'page.loadFailed': { 'zh-CN': '页面加载失败，点击刷新', en: 'Page failed to load, click to refresh' },
  'page.internalError': {
    'zh-CN': '内部功能错误，无法显示，请刷新',
    en: 'Internal error, cannot display, please refresh',
  },
  'page.comingSoon': { 'zh-CN': '敬请期待', en: 'Coming soon' },
  'page.notFound': { 'zh-CN': '暂无页面', en: 'No such page' },
  'app.tokenFailed': { 'zh-CN': '获取token失败', en: 'Failed to get the token' },
  'download.inProgress': { 'zh-CN': '正在下载，请稍候', en: 'Downloading, please wait' },
  'config.globalMissing': { 'zh-CN': '未获取到指定的全局配置数据', en: 'No specified global config data obtained' },
  'config.loadFailed': { 'zh-CN': '服务器配置加载失败', en: 'Failed to load the server configuration' },
  'user.loadFailed': { 'zh-CN': '无法获取登录用户信息', en: 'Cannot fetch the logged-in user information' },
  'upload.failed': { 'zh-CN': '文件上传失败，请稍后重试', en: 'File upload failed, please retry later' },
  'upload.ioFailed': { 'zh-CN': '文件读写失败', en: 'File read/write failed' },
  'upload.queryFailed': { 'zh-CN': '查询文件信息失败，请重新选择', en: 'Failed to query file info, please reselect' },
  'upload.formatExcluded': {
    'zh-CN': '已排除不符合上传格式的文件',
    en: 'Files not matching the upload format were excluded',
  },
  'upload.nameTooLong': { 'zh-CN': '文件名长度不能超过{max}个字符', en: 'File name length cannot exceed {max} characters' },
  'upload.maxCount': { 'zh-CN': '已达到最大上传数量', en: 'The maximum number of uploads has been reached' },
  'upload.eachMaxSize': { 'zh-CN': '每个文件不能超过{size}', en: 'Each file must not exceed {size}' },
  'upload.emptyFile': { 'zh-CN': '请上传大于0KB的文件', en: 'Please upload a file larger than 0KB' },
  'upload.tooLarge': { 'zh-CN': '请上传小于{size}的文件', en: 'Please upload a file smaller than {size}' },
  'upload.formatMismatch': { 'zh-CN': '上传文件的格式不匹配', en: 'The format of the uploaded file does not match' },
  'player.unsupportedFormat': { 'zh-CN': '不支持的视频格式', en: 'Unsupported video format' },
  'help.loginRequired': { 'zh-CN': '需要登录后查看，是否登录？', en: 'You need to log in to view this. Log in?' },
  'homework.levelNameRequired': { 'zh-CN': '关卡名称不能为空', en: 'The level name cannot be empty' },
  'common.loading': { 'zh-CN': '加载中…', en: 'Loading…' },
  'common.retry': { 'zh-CN': '重试', en: 'Retry' },
  'common.close': { 'zh-CN': '关闭', en: 'Close' },
  'common.noData': { 'zh-CN': '暂无数据', en: 'No data' },
  'network.unavailable': { 'zh-CN': '网络不可用，请检查网络连接', en: 'Network unavailable, please check your connection' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;
