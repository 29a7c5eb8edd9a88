import { dsElement, defineDsElement } from '../shared/defineDsElement.js';
import { ActivityList, type ActivitySelectDetail } from './ActivityList.js';

/**
 * @summary Published resource-collection activities (资源征集活动) as cards: cover, scope, phase with a live countdown, counts, 报名/查看, paging.
 * @tag ds-activity-list
 *
 * @attr {string} api-base - Platform origin. Default: the origin this script was loaded from.
 * @attr {string} organisation - Organisation id: its activities and those of its ancestors and descendants (what its teachers may join, what its schools run). Default: every published activity.
 * @attr {string} status - Only activities in this phase: `notStarted`, `signUp`, `upload`, `review` or `ended`. Another value shows an error naming it.
 * @attr {number} page-size - Cards per page, 1–50. Default 12.
 * @attr {string} portal-url - The portal's address (e.g. `https://platform.example/`). The 报名/查看 action then opens the activity's page there (`#/resourcesCollect/activityList/all/activityDetail/<id>`, new tab); without it the action fires `ds-activity-select`.
 * @attr {string} lang - `zh-CN` (default) or `en`.
 *
 * @prop {{ now(): number, sleep(ms: number): Promise<void> }} clock - The clock the countdowns read (property only; tests and stories pass a fake one). Default: the browser's.
 *
 * @event {CustomEvent<{ activityId: string, activity: object }>} ds-activity-select - The visitor chose 报名 or 查看 on a card and no `portal-url` is set; `activity` is the card's ActivitySummary.
 *
 * @csspart base - Everything.
 * @csspart list - The grid of cards.
 * @csspart card - One activity.
 * @csspart cover - The cover image (or the placeholder when there is none).
 * @csspart name - The activity's name.
 * @csspart organiser - The organiser and the kind of activity.
 * @csspart scope - Stages and subjects.
 * @csspart phase - The phase line (badge and countdown).
 * @csspart phase-badge - The phase (报名中, 作品上传中…).
 * @csspart countdown - The time left until the window ends (or the next one starts).
 * @csspart deadline - When that window ends, in China time.
 * @csspart counts - Sign-ups and submitted works.
 * @csspart action - The 报名/查看 link or button.
 * @csspart pager - The paging bar.
 * @csspart page-button - 上一页 and 下一页.
 * @csspart loading - The first-load message.
 * @csspart empty - The 暂无征集活动 state.
 * @csspart error - The error state.
 * @csspart retry - The 重试 button of the error state.
 *
 * @cssproperty --ds-activity-card-min-width - Narrowest card; the grid fits as many columns as it can. Default 260px.
 * @cssproperty --ds-activity-gap - Space between cards. Default 16px.
 * @cssproperty --ds-color-primary - Action, open-phase badge.
 * @cssproperty --ds-color-on-primary - Text on the primary colour.
 * @cssproperty --ds-color-text - Text colour.
 * @cssproperty --ds-color-text-secondary - Secondary text colour.
 * @cssproperty --ds-color-surface - Card background.
 * @cssproperty --ds-color-border - Button borders.
 * @cssproperty --ds-color-border-light - Card borders.
 * @cssproperty --ds-color-danger - The error state.
 * @cssproperty --ds-color-focus - Focus ring.
 * @cssproperty --ds-radius - Corner radius of buttons.
 * @cssproperty --ds-radius-large - Corner radius of the cards.
 * @cssproperty --ds-shadow - Card shadow.
 * @cssproperty --ds-font-family - Font.
 */
export class DsActivityListElement extends dsElement(ActivityList, {
  attributes: { apiBase: 'string', organisation: 'string', status: 'string', pageSize: 'number', portalUrl: 'string', lang: 'string' },
  properties: ['clock'],
  events: { onSelect: 'ds-activity-select' },
}) {}

defineDsElement('ds-activity-list', DsActivityListElement);

declare global {
  interface HTMLElementTagNameMap {
    'ds-activity-list': DsActivityListElement;
  }
  interface HTMLElementEventMap {
    'ds-activity-select': CustomEvent<ActivitySelectDetail>;
  }
  // The events are composed and bubble, so pages listen on document too.
  interface DocumentEventMap {
    'ds-activity-select': CustomEvent<ActivitySelectDetail>;
  }
}
