import { dsElement, defineDsElement } from '../shared/defineDsElement.js';
import { HelpWidget, type FeedbackSentDetail, type HelpLoginDetail, type HelpToggleDetail } from './HelpWidget.js';

/**
 * @summary The floating help widget: 微信端 and TV端 (QR and operation video), 帮助中心, 客服热线 and 意见反馈, from the platform settings; open or collapsed as the visitor left it.
 * @tag ds-help-widget
 *
 * @attr {string} api-base - Platform origin. Default: the origin this script was loaded from.
 * @attr {string} help-url - Address of 帮助中心. Default: the `common.help.centerUrl` setting, else the platform portal's `#/help`.
 * @attr {string} login-url - Login page a visitor is sent to (with `returnUrl`) after agreeing to log in from 意见反馈. Without it the page hears `ds-help-login` and decides.
 * @attr {string} lang - `zh-CN` (default) or `en`.
 *
 * @prop {string} token - Token for the feedback calls (property only, never an attribute). Default: the platform session's token (a `<ds-login>` on the same page).
 * @prop {{ read(): boolean | undefined, write(open: boolean): void }} memory - Where open/collapsed is remembered (property only). Default: the page's localStorage (`ds-help-widget:open`).
 *
 * @event {CustomEvent<{ open: boolean }>} ds-help-toggle - The visitor opened or collapsed the widget.
 * @event {CustomEvent<{ returnUrl: string }>} ds-help-login - A visitor chose 意见反馈, was asked 「需要登录后查看，是否登录？」 and chose 登录.
 * @event {CustomEvent<{ id: string }>} ds-feedback-sent - The server stored a feedback sent from the widget.
 *
 * @csspart base - Everything (fixed at the bottom right of the page).
 * @csspart toggle - The 帮助 button that opens and collapses the panel.
 * @csspart panel - The open panel.
 * @csspart item - Every entry of the panel (also `item-wechat`, `item-tv`, `item-center`, `item-hotline`, `item-feedback`).
 * @csspart hotlines - The hotline numbers under 客服热线.
 * @csspart dialog - The dialog shown while a part loads.
 * @csspart media-dialog - The 微信端 / TV端 dialog.
 * @csspart qr - The QR image.
 * @csspart video - The operation video.
 * @csspart login-dialog - The 「需要登录后查看，是否登录？」 question.
 * @csspart feedback-dialog - The feedback form.
 *
 * @cssproperty --ds-help-right - Distance from the right edge of the window. Default 24px.
 * @cssproperty --ds-help-bottom - Distance from the bottom of the window. Default 96px.
 * @cssproperty --ds-help-width - Width of the open panel. Default 200px.
 * @cssproperty --ds-help-z-index - Stacking order. Default 1000.
 * @cssproperty --ds-color-primary - The 帮助 button and primary actions.
 * @cssproperty --ds-color-on-primary - Text on the primary colour.
 * @cssproperty --ds-color-text - Text colour.
 * @cssproperty --ds-color-text-secondary - Secondary text colour.
 * @cssproperty --ds-color-surface - Panel and dialog background.
 * @cssproperty --ds-color-border - Button and field borders.
 * @cssproperty --ds-color-border-light - Panel border.
 * @cssproperty --ds-color-danger - Errors.
 * @cssproperty --ds-color-focus - Focus ring.
 * @cssproperty --ds-radius - Corner radius of buttons and fields.
 * @cssproperty --ds-radius-large - Corner radius of the panel and dialogs.
 * @cssproperty --ds-shadow - Panel and button shadow.
 * @cssproperty --ds-font-family - Font.
 */
export class DsHelpWidgetElement extends dsElement(HelpWidget, {
  attributes: { apiBase: 'string', helpUrl: 'string', loginUrl: 'string', lang: 'string' },
  properties: ['token', 'memory'],
  events: { onToggle: 'ds-help-toggle', onLogin: 'ds-help-login', onFeedbackSent: 'ds-feedback-sent' },
}) {}

defineDsElement('ds-help-widget', DsHelpWidgetElement);

declare global {
  interface HTMLElementTagNameMap {
    'ds-help-widget': DsHelpWidgetElement;
  }
  interface HTMLElementEventMap {
    'ds-help-toggle': CustomEvent<HelpToggleDetail>;
    'ds-help-login': CustomEvent<HelpLoginDetail>;
    'ds-feedback-sent': CustomEvent<FeedbackSentDetail>;
  }
  interface DocumentEventMap {
    'ds-help-toggle': CustomEvent<HelpToggleDetail>;
    'ds-help-login': CustomEvent<HelpLoginDetail>;
    'ds-feedback-sent': CustomEvent<FeedbackSentDetail>;
  }
}
