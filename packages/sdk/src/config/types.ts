/** One row of `POST {base}/v1/globalConfig/list`. */
export interface ConfigRow {
  configKey: string;
  configValue: string;
}

export interface GlobalConfig {
  rows: readonly ConfigRow[];
  values: Readonly<Record<string, string>>;
}

export interface FileExtension {
  extension: string;
  fileCategoryCode: number;
}

/** `GET {file}/v1/file/config` (DESIGN.md). */
export interface FileConfig {
  uploadExtensions: string | readonly string[];
  uploadChunkSize: number;
  uploadMaxSize: number;
  mobileUploadVideoMaxSize: number;
  fileServerPath: string;
  extensions: readonly FileExtension[];
  /** Whether the server transcodes uploaded videos (then a lesson takes the common video formats, not only H.264 MP4); absent from older servers. */
  videoTranscode?: boolean;
}

/** Keys the elements and the portal read (docs/contracts.md). */
export const ConfigKeys = {
  areaCode: 'common.platform.areaCode',
  platformName: 'common.platform.name',
  /** The platform's English name (optional; the portal in English shows it instead of platformName). */
  platformNameEn: 'common.platform.nameEn',
  bureauId: 'common.platform.bureauId',
  rememberPassword: 'common.login.rememberPassword',
  forgotPasswordUrl: 'common.login.forgotPasswordUrl',
  wechatAreaCodes: 'common.login.wechatAreaCodes',
  showError: 'common.message.showError',
  smartGrowth: 'common.link.smartGrowth',
  smartManagement: 'common.link.smartManagement',
  virtualSimulation: 'common.link.virtualSimulation',
  loginMode: 'common.login.mode',
  loginUrl: 'common.login.url',
  footerCopyright: 'common.footer.copyright',
  footerIcp: 'common.footer.icp',
  footerPolice: 'common.footer.police',
  hotlineAccount: 'common.hotline.account',
  hotlineUsage: 'common.hotline.usage',
  hotlineGroupChat: 'common.hotline.groupChat',
  aiBureauId: 'common.ai.bureauId',
  aiPageUrl: 'common.ai.pageUrl',
  helpWechatQr: 'common.help.wechatQr',
  helpWechatVideo: 'common.help.wechatVideo',
  helpTvQr: 'common.help.tvQr',
  helpTvVideo: 'common.help.tvVideo',
  helpCenterUrl: 'common.help.centerUrl',
} as const;

export const DEFAULT_AREA_CODE = 'dsideal';
