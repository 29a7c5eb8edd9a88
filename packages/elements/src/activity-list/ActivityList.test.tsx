import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { fail, ok } from '@dscloud/sdk/testing';
import { apiBase } from '../test/apiBase.js';
import { axeViolations } from '../test/axe.js';
import { waitFor } from '../test/waitFor.js';
import type { ActivitySelectDetail } from './ActivityList.js';
import { activity, ended, LIST, mountList, pagesOf, T0, type Mounted } from './activityListTestKit.js';

const cards = (m: Mounted) => [...m.host.querySelectorAll<HTMLElement>('[part="card"]')];
const card = (m: Mounted, id: string) => m.host.querySelector<HTMLElement>(`[data-activity-id="${id}"]`);
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const countdown = (m: Mounted, id: string) => text(card(m, id)?.querySelector('[role="timer"]'));
const button = (m: Mounted, label: string) => [...m.host.querySelectorAll('button')].find((b) => b.textContent === label);

describe('<ActivityList> (HTTP faked at the transport, clock injected)', () => {
  let m: Mounted;
  afterEach(() => m?.unmount());

  it('shows 正在加载活动… first, then a card per activity with scope, phase, countdown, counts and the right action', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const held = new Promise((resolve) => (answer = resolve));
    m = mountList(async (request) => {
      await held;
      return pagesOf([activity('a1', { coverUrl: '/file/v1/file/download/cover-1' }), ended('a2')])(request);
    }, { organisation: 'org-district', status: 'signUp', pageSize: 6 });
    const loading = await waitFor(() => m.host.querySelector('[role="status"]'));
    expect(text(loading)).to.equal('正在加载活动…');
    answer(undefined);
    await waitFor(() => cards(m).length === 2);

    const [request] = m.server.requestsTo(LIST);
    expect(request!.query).to.deep.equal({ pageNum: '1', pageSize: '6', orgId: 'org-district', phase: 'signUp' });
    expect(request!.headers.Authorization).to.equal(undefined);

    const open = card(m, 'a1')!;
    expect(text(open.querySelector('h3'))).to.equal('活动 a1');
    expect(text(open.querySelector('[part="organiser"]'))).to.equal('东山市教育局 · 精品课');
    expect(text(open.querySelector('[part="scope"]'))).to.equal('范围 小学、初中 · 语文、数学');
    expect(text(open.querySelector('[part="phase-badge"]'))).to.equal('报名中');
    expect(countdown(m, 'a1')).to.equal('距报名截止 2 天 03:00:00');
    expect(text(open.querySelector('[part="deadline"]'))).to.equal('2026-12-03 13:00（北京时间）');
    expect(text(open.querySelector('[part="counts"]'))).to.equal('报名 12 人 · 作品 5 件');
    expect(open.querySelector<HTMLImageElement>('img[part="cover"]')!.src).to.equal('http://platform.test/file/v1/file/download/cover-1');
    expect(text(open.querySelector('[part="action"]'))).to.equal('报名');
    expect(open.querySelector('[part="action"]')!.getAttribute('aria-label')).to.equal('报名《活动 a1》');

    const closed = card(m, 'a2')!;
    expect(text(closed.querySelector('[part="phase-badge"]'))).to.equal('已结束');
    expect(closed.querySelector('[role="timer"]')).to.equal(null);
    expect(text(closed.querySelector('[part="action"]'))).to.equal('查看');
  });

  it('shows a stored cover in a reserved 480 × 270 box, and the picture itself when its copies cannot be had', async () => {
    const media = 'http://platform.test/file/v1/file/media/100042?e=1790000000&s=abc';
    m = mountList(pagesOf([activity('a1', { coverUrl: media })]));
    await waitFor(() => cards(m).length === 1);
    // platform.test does not answer: the copy fails to load and the card falls back to the picture alone
    // (how fast it fails is the network's business, so only the outcome is asserted).
    const fallback = await waitFor(() => card(m, 'a1')!.querySelector<HTMLImageElement>(`img[part="cover"][src="${media}"]`), { message: 'fell back to the picture' });
    expect(fallback.closest('picture')).to.equal(null);
    expect([fallback.getAttribute('width'), fallback.getAttribute('height')]).to.deep.equal(['480', '270']);
  });

  it('loads a cover as AVIF in Chromium, at the width it is shown, in the same box as a picture without copies', async () => {
    const cover = `${apiBase()}/static/seed/media/lesson-yuwen-gushi.jpg`;
    m = mountList(pagesOf([activity('a1', { coverUrl: cover }), activity('a2', { coverUrl: 'http://platform.test/no-copies.png' })]));
    await waitFor(() => cards(m).length === 2);
    const img = card(m, 'a1')!.querySelector<HTMLImageElement>('img[part="cover"]')!;
    await waitFor(() => img.complete && img.naturalWidth > 0, { message: 'cover loaded' });
    // A card is at most 480 px wide here: the 640 px AVIF copy of the 640 px demo picture.
    expect(img.currentSrc).to.equal(`${apiBase()}/static/seed/media/lesson-yuwen-gushi.w640.avif`);
    const copy = (width: number, format: string) => `${apiBase()}/static/seed/media/lesson-yuwen-gushi.w${width}.${format} ${width}w`;
    const sources = [...img.closest('picture')!.querySelectorAll('source')].map((s) => [s.type, s.srcset, s.sizes]);
    expect(sources).to.deep.equal([
      ['image/avif', [320, 640, 960].map((w) => copy(w, 'avif')).join(', '), '(max-width: 599.98px) 100vw, 480px'],
      ['image/webp', [320, 640, 960].map((w) => copy(w, 'webp')).join(', '), '(max-width: 599.98px) 100vw, 480px'],
    ]);
    const plain = card(m, 'a2')!.querySelector<HTMLImageElement>('img[part="cover"]')!;
    expect(plain.closest('picture')).to.equal(null);
    const box = (el: Element) => [Math.round(el.getBoundingClientRect().width), Math.round(el.getBoundingClientRect().height)];
    expect(box(img)).to.deep.equal(box(plain));
    expect(box(img)[0]).to.be.greaterThan(200);
    // 16:9 whatever the card's width (the 480 × 270 attributes only reserve the ratio).
    const [width, height] = box(img) as [number, number];
    expect(Math.abs(width / height - 16 / 9)).to.be.lessThan(0.02);
  });

  it('ticks the countdown with the clock and moves a card to its next phase when its window closes, without asking again', async () => {
    m = mountList(pagesOf([activity('a1', {}, 3000)]));
    await waitFor(() => countdown(m, 'a1') === '距报名截止 00:00:03');
    await m.clock.advance(1000);
    await waitFor(() => countdown(m, 'a1') === '距报名截止 00:00:02', { message: 'one second later' });
    await m.clock.advance(2000);
    await waitFor(() => countdown(m, 'a1') === '距上传截止 1 天 00:00:00', { message: 'sign-up closed, upload running' });
    expect(text(card(m, 'a1')!.querySelector('[part="phase-badge"]'))).to.equal('作品上传中');
    expect(text(card(m, 'a1')!.querySelector('[part="action"]'))).to.equal('查看');
    expect(m.server.requestsTo(LIST)).to.have.length(1);
  });

  it('counts down to the first window before an activity starts', async () => {
    m = mountList(pagesOf([activity('a1', { signUpStartTime: T0 + 90_000 })]));
    await waitFor(() => countdown(m, 'a1') === '距报名开始 00:01:30');
    expect(text(card(m, 'a1')!.querySelector('[part="phase-badge"]'))).to.equal('未开始');
    expect(text(card(m, 'a1')!.querySelector('[part="action"]'))).to.equal('查看');
  });

  it('says 暂无征集活动 when nothing is published, without axe violations', async () => {
    m = mountList(pagesOf([]));
    const empty = await waitFor(() => m.host.querySelector('[part="empty"]'));
    expect([...empty.querySelectorAll('p')].map(text)).to.deep.equal(['暂无征集活动', '活动发布后会显示在这里。']);
    expect(m.host.querySelector('[part="pager"]')).to.equal(null);
    expect(await axeViolations(m.host)).to.deep.equal([]);
  });

  it('shows the server’s message with 重试 when the list fails, and loads on retry', async () => {
    let failing = true;
    m = mountList((request) => (failing ? fail(500, '服务器内部错误') : pagesOf([activity('a1')])(request)));
    const alert = await waitFor(() => m.host.querySelector('[role="alert"]'));
    expect([...alert.querySelectorAll('p, button')].map(text)).to.deep.equal(['活动列表加载失败', '服务器内部错误', '重试']);
    expect(await axeViolations(m.host)).to.deep.equal([]);
    failing = false;
    button(m, '重试')!.click();
    await waitFor(() => cards(m).length === 1);
    expect(m.host.querySelector('[role="alert"]')).to.equal(null);
  });

  it('asks again by itself when the network comes back after a failure', async () => {
    let offline = true;
    m = mountList((request) => (offline ? 'network-error' : pagesOf([activity('a1')])(request)));
    await waitFor(() => m.host.querySelector('[role="alert"]'));
    offline = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => cards(m).length === 1);
    expect(m.server.requestsTo(LIST)).to.have.length(2);
  });

  it('names a status value it does not know and asks the server nothing', async () => {
    m = mountList(pagesOf([activity('a1')]), { status: 'open' });
    const alert = await waitFor(() => m.host.querySelector('[role="alert"]'));
    expect(text(alert)).to.contain('status 属性「open」无效');
    expect(text(alert)).to.contain('signUp');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(m.server.requestsTo(LIST)).to.have.length(0);
  });

  it('pages with 上一页/下一页, asks for the page it shows and puts keyboard focus on the new page', async () => {
    const rows = ['p1', 'p2', 'p3', 'p4', 'p5'].map((id) => activity(id));
    m = mountList(pagesOf(rows), { pageSize: 2 });
    await waitFor(() => cards(m).length === 2);
    expect(text(m.host.querySelector('[part="pager"] [aria-live]'))).to.equal('第 1 / 3 页，共 5 个活动');
    expect(button(m, '上一页')!.disabled).to.equal(true);
    button(m, '下一页')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => card(m, 'p3') && card(m, 'p4'));
    expect(m.server.requestsTo(LIST).map((r) => r.query.pageNum)).to.deep.equal(['1', '2']);
    await waitFor(() => m.host.querySelector('ul')!.matches(':focus'), { message: 'focus on the new page' });
    button(m, '下一页')!.click();
    await waitFor(() => cards(m).length === 1 && card(m, 'p5'));
    expect(text(m.host.querySelector('[part="pager"] [aria-live]'))).to.equal('第 3 / 3 页，共 5 个活动');
    expect(button(m, '下一页')!.disabled).to.equal(true);
    expect(await axeViolations(m.host)).to.deep.equal([]);
  });

  it('fires onSelect with the activity from the keyboard when no portal-url is set', async () => {
    const chosen: ActivitySelectDetail[] = [];
    m = mountList(pagesOf([activity('a1'), ended('a2')]), { onSelect: (detail) => chosen.push(detail) });
    await waitFor(() => cards(m).length === 2);
    card(m, 'a2')!.querySelector<HTMLButtonElement>('button[part="action"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => chosen.length === 1);
    expect(chosen[0]!.activityId).to.equal('a2');
    expect(chosen[0]!.activity.name).to.equal('活动 a2');
  });

  it('links the action to the activity’s portal page when portal-url is set', async () => {
    m = mountList(pagesOf([activity('a/1')]), { portalUrl: 'https://portal.example/school/#/home' });
    const link = await waitFor(() => m.host.querySelector<HTMLAnchorElement>('a[part="action"]'));
    expect(link.href).to.equal('https://portal.example/school/#/resourcesCollect/activityList/all/activityDetail/a%2F1');
    expect(link.target).to.equal('_blank');
    expect(await axeViolations(m.host)).to.deep.equal([]);
  });

  it('speaks English with lang="en"', async () => {
    m = mountList(pagesOf([activity('a1', {}, 3 * 3600_000)]), { lang: 'en' });
    await waitFor(() => cards(m).length === 1);
    expect(countdown(m, 'a1')).to.equal('Sign-up closes in 03:00:00');
    expect(text(card(m, 'a1')!.querySelector('[part="phase-badge"]'))).to.equal('Sign-up open');
    expect(text(card(m, 'a1')!.querySelector('[part="counts"]'))).to.equal('12 signed up · 5 works');
    expect(text(card(m, 'a1')!.querySelector('[part="action"]'))).to.equal('Sign up');
  });

  it('keeps the answer of the filter on screen, not a late one of the filter before', async () => {
    let releaseOld: () => void = () => undefined;
    const old = new Promise<void>((resolve) => (releaseOld = resolve));
    m = mountList(async ({ query }) => {
      if (query.orgId === 'org-old') await old;
      return ok({ rows: [activity(query.orgId === 'org-old' ? 'old' : 'new')], total: 1, pageNum: 1, pageSize: 12 });
    }, { organisation: 'org-old' });
    await waitFor(() => m.server.requestsTo(LIST).length === 1);
    m.render({ organisation: 'org-new' });
    await waitFor(() => card(m, 'new'));
    releaseOld();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(card(m, 'old')).to.equal(null);
    expect(cards(m)).to.have.length(1);
  });
});
