import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { ActivityDetail } from '@dscloud/sdk/activities';
import '../register.js';
import { apiBase } from '../test/apiBase.js';
import { axeViolations } from '../test/axe.js';
import { waitFor } from '../test/waitFor.js';
import { login } from '../uploader/uploaderTestKit.js';
import type { ActivitySelectDetail } from './ActivityList.js';

const A = '/cloudSchool/v1/resourceCollectActivity';
const DAY = 24 * 3_600_000;

async function call<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${apiBase()}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: token }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { status: number; message: string; data: T };
  if (envelope.status !== 200) throw new Error(`${path}: ${envelope.status} ${envelope.message}`);
  return envelope.data;
}

/** Published by the demo city's administrator on the reference server; its sign-up opened a minute ago. */
async function publishActivity(name: string): Promise<ActivityDetail> {
  const token = await login('admin');
  const now = Date.now();
  const draft = await call<ActivityDetail>(`${A}/save`, token, {
    name,
    description: '<p>面向全市小学数学教师。</p>',
    activitySystem: 1,
    signUpStartTime: now - 60_000,
    signUpEndTime: now + 5 * DAY,
    uploadStartTime: now + DAY,
    uploadEndTime: now + 10 * DAY,
    auditStartTime: now + 10 * DAY,
    auditEndTime: now + 20 * DAY,
    scope: [{ stage: 2, subjectCode: 214, editionId: null, bookId: null }],
    reviewLevels: [1, 2, 3],
    rules: { nodesPerTeacher: 2, teachersPerNode: 2, allowFormatWarnings: false },
  });
  await call(`${A}/set/status`, token, { activityId: draft.activityId, version: draft.version, status: 1 });
  return draft;
}

function mount(attributes: Record<string, string>): HTMLElement {
  const el = document.createElement('ds-activity-list');
  el.setAttribute('api-base', apiBase());
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  return el;
}

const card = (el: HTMLElement, id: string) => el.shadowRoot?.querySelector<HTMLElement>(`[data-activity-id="${id}"]`) ?? null;
/** publish/list requests the page sent since `since` (Resource Timing sees cross-origin calls too). */
const listCallsSince = (since: number) =>
  performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime >= since && entry.name.includes(`${A}/publish/list`))
    .map((entry) => new URL(entry.name).searchParams);

describe('<ds-activity-list> against the reference server', () => {
  let el: HTMLElement;
  let activity: ActivityDetail;
  before(async () => {
    activity = await publishActivity(`元素测试精品课征集 ${Date.now()}`);
  });
  afterEach(() => el?.remove());

  it('lists the organisation’s published activity and fires ds-activity-select from the host, bubbling and composed', async () => {
    const since = performance.now();
    el = mount({ organisation: activity.orgId, 'page-size': '50' });
    const found = await waitFor(() => card(el, activity.activityId), { message: 'the published activity' });
    const query = await waitFor(() => listCallsSince(since)[0]);
    expect(query.get('orgId')).to.equal(activity.orgId);
    expect(query.get('pageSize')).to.equal('50');
    expect(found.querySelector('h3')!.textContent).to.equal(activity.name);
    expect(found.querySelector('[part="phase-badge"]')!.textContent).to.equal('报名中');
    expect(found.querySelector('[role="timer"]')!.textContent).to.match(/^距报名截止 (5 天 00:00:00|4 天 23:5\d:\d\d)$/);
    expect(await axeViolations(el)).to.deep.equal([]);

    const heard: Array<{ detail: ActivitySelectDetail; target: EventTarget | null; composed: boolean }> = [];
    const listener = (event: CustomEvent<ActivitySelectDetail>) => heard.push({ detail: event.detail, target: event.target, composed: event.composed });
    document.addEventListener('ds-activity-select', listener);
    try {
      found.querySelector<HTMLButtonElement>('button[part="action"]')!.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => heard.length === 1);
    } finally {
      document.removeEventListener('ds-activity-select', listener);
    }
    expect(heard[0]!.target).to.equal(el);
    expect(heard[0]!.composed).to.equal(true);
    expect(heard[0]!.detail.activityId).to.equal(activity.activityId);
    expect(heard[0]!.detail.activity.name).to.equal(activity.name);
  });

  it('asks again when the status attribute changes, and shows the server’s answer for an unknown organisation', async () => {
    el = mount({ 'page-size': '50' });
    await waitFor(() => card(el, activity.activityId));
    const since = performance.now();
    el.setAttribute('status', 'ended');
    await waitFor(() => listCallsSince(since).some((query) => query.get('phase') === 'ended'));
    await waitFor(() => el.shadowRoot!.querySelector('[aria-busy="false"]') && !card(el, activity.activityId), { message: 'the open activity is not among the ended ones' });

    el.setAttribute('organisation', 'no-such-org');
    const alert = await waitFor(() => el.shadowRoot!.querySelector('[role="alert"]'));
    expect(alert.querySelector('p')!.textContent).to.equal('活动列表加载失败');
    expect(alert.textContent).to.contain('no-such-org');
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
