/** Local storage keys of the platform (spec §3); other products on the same origin read them too. */
export const StorageKeys = {
  token: 'token',
  expire: 'expire',
  expireTimeMillisecond: 'expireTimeMillisecond',
  fx: 'fx',
  loginMode: 'loginMode',
  loginUrlData: 'loginUrlData',
  systemType: 'systemType',
  isShowNotifyMessage: 'isShowNotifyMessage',
  businessType: 'businessType',
  loginNewType: 'loginNewType',
  offlinePrefix: 'offlinePrefix',
  /**
   * Fingerprint of the token a refresh replaced, so another tab can tell "refreshed" from
   * "someone else logged in" when the token changes under it.
   */
  tokenRefreshedFrom: 'tokenRefreshedFrom',
  /**
   * Device tokens this browser was given per account (JSON `{ account: token }`): the server exempts
   * logins from a known device from the account-wide delay that strangers' failures set off. Kept
   * across logouts, like the device itself.
   */
  loginDevices: 'dsLoginDevices',
  /** Failed attempts on the account from elsewhere, told at the last login until the user dismisses them. */
  loginNotice: 'dsLoginNotice',
} as const;

export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

/** What a logout wipes; device, mode and display settings survive it. */
export const SESSION_KEYS: readonly StorageKey[] = [
  StorageKeys.token,
  StorageKeys.expire,
  StorageKeys.expireTimeMillisecond,
  StorageKeys.fx,
  StorageKeys.loginNewType,
  StorageKeys.tokenRefreshedFrom,
  StorageKeys.loginNotice,
];
