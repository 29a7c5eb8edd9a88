import type { Locale } from '../errors/catalogue.js';
import { translate } from '../i18n/i18n.js';
import { readQuery } from './returnUrl.js';

/** The parameters a bureau's own portal adds when it sends a user here already signed in (spec §3). */
export interface DeployParams {
  flag: string | null;
  authorization: string | null;
  expire: string | null;
}

export function readDeployParams(href: string): DeployParams {
  const query = readQuery(href);
  return { flag: query.get('flag'), authorization: query.get('authorization'), expire: query.get('expire') };
}

/** Only flag '1' with an authorization is an attempt at all; anything else is the failure dialog. */
export function isDeployAttempt(params: DeployParams): params is DeployParams & { authorization: string } {
  return params.flag === '1' && !!params.authorization;
}

export interface DeployFailureDialog {
  title: string;
  content: string;
  okText: string;
  /** Where "知道了" leads. */
  redirectTo: string;
}

/** The dialog of spec §8 for a deploy-type login that cannot go ahead. */
export function deployFailureDialog(locale: Locale): DeployFailureDialog {
  return {
    title: translate(locale, 'deploy.failedTitle'),
    content: translate(locale, 'deploy.failedContent'),
    okText: translate(locale, 'deploy.failedOk'),
    redirectTo: '/',
  };
}
