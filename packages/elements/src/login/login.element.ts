import { dsElement, defineDsElement } from '../shared/defineDsElement.js';
import { Login } from './Login.js';
import type { LoginFailureDetail, LoginSuccessDetail } from './loginTypes.js';

/**
 * @summary The platform login screen: account and password, slider captcha, WeChat QR, deploy login.
 * @tag ds-login
 *
 * @attr {string} api-base - Platform origin. Default: the origin this script was loaded from.
 * @attr {string} login-type - `deploy` logs in from `flag` and `authorization` in the page address and shows no form.
 * @attr {string} return-url - Where to go after a successful login. Without it the element stays and only fires `ds-login-success`.
 * @attr {string} lang - `zh-CN` (default) or `en`.
 *
 * @event {CustomEvent<{ token: string, expire: number, failedLogins?: { count: number, lastAt: number } }>} ds-login-success - Logged in; `expire` is the token lifetime in seconds; `failedLogins` counts the failed attempts from other devices or networks in the 24 hours before (tell the user).
 * @event {CustomEvent<{ code: number, message: string }>} ds-login-failure - The server refused the login; `message` is safe to show.
 *
 * @csspart base - The card around everything.
 * @csspart logo - The area's logo.
 * @csspart title - The heading.
 * @csspart form - The form.
 * @csspart label - Field labels.
 * @csspart input - The account and password inputs.
 * @csspart error - A field's validation message.
 * @csspart alert - The server's message after a failed login.
 * @csspart remember - The "记住密码" checkbox and its label.
 * @csspart forgot - The "忘记密码" link.
 * @csspart submit - The 登录 button.
 * @csspart others - "Other ways to log in" with the WeChat icon.
 * @csspart wechat - The WeChat icon button.
 * @csspart dialog - Every modal (WeChat QR, captcha, deploy failure).
 * @csspart captcha - The slider puzzle.
 * @csspart captcha-track - The slider track (keyboard: arrow keys, Enter).
 *
 * @cssproperty --ds-login-width - Width of the card. Default 360px.
 * @cssproperty --ds-color-primary - Button and slider colour.
 * @cssproperty --ds-color-on-primary - Text on the primary colour.
 * @cssproperty --ds-color-text - Text colour.
 * @cssproperty --ds-color-text-secondary - Secondary text colour.
 * @cssproperty --ds-color-surface - Card and dialog background.
 * @cssproperty --ds-color-border - Input borders.
 * @cssproperty --ds-color-danger - Validation and server errors.
 * @cssproperty --ds-color-link - Links.
 * @cssproperty --ds-color-focus - Focus ring.
 * @cssproperty --ds-radius - Corner radius of inputs and buttons.
 * @cssproperty --ds-radius-large - Corner radius of the card and dialogs.
 * @cssproperty --ds-font-family - Font.
 */
export class DsLoginElement extends dsElement(Login, {
  attributes: { apiBase: 'string', loginType: 'string', returnUrl: 'string', lang: 'string' },
  events: { onSuccess: 'ds-login-success', onFailure: 'ds-login-failure' },
}) {}

defineDsElement('ds-login', DsLoginElement);

declare global {
  interface HTMLElementTagNameMap {
    'ds-login': DsLoginElement;
  }
  interface HTMLElementEventMap {
    'ds-login-success': CustomEvent<LoginSuccessDetail>;
    'ds-login-failure': CustomEvent<LoginFailureDetail>;
  }
  // The events are composed and bubble, so pages listen on document too.
  interface DocumentEventMap {
    'ds-login-success': CustomEvent<LoginSuccessDetail>;
    'ds-login-failure': CustomEvent<LoginFailureDetail>;
  }
}
