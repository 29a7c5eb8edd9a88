/** Detail of `ds-login-success` and the argument of `onSuccess`. */
export interface LoginSuccessDetail {
  token: string;
  /** Lifetime in seconds, as the server gave it. */
  expire: number;
  /**
   * Failed attempts on the account from other devices or networks in the 24 hours before this login,
   * when the server reported any: a host page should tell the user (the portal shows a notice).
   */
  failedLogins?: { count: number; lastAt: number };
}

/** Detail of `ds-login-failure` and the argument of `onFailure`: a catalogue code and a message safe to show. */
export interface LoginFailureDetail {
  code: number;
  message: string;
}

/** What the login screen needs from global configuration (docs/contracts.md). */
export interface LoginSettings {
  areaCode: string;
  rememberPassword: boolean;
  forgotPasswordUrl: string;
  wechatAreaCodes: readonly string[];
}
