import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { redactUrl } from '@dscloud/sdk/help';
import { createFakeServer, fail, ok } from '@dscloud/sdk/testing';
import { axeViolations } from '../test/axe.js';
import { waitFor } from '../test/waitFor.js';
import type { FeedbackSentDetail, HelpLoginDetail, HelpToggleDetail } from './HelpWidget.js';
import { FEEDBACK, FULL_SETTINGS, mountWidget, type MountedWidget } from './helpWidgetTestKit.js';
import { loginAddress } from './LoginQuestion.js';
import { memoryOpenMemory } from './openMemory.js';

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const items = (m: MountedWidget) => [...m.host.querySelectorAll('.ds-help__item')].map(text);
const item = (m: MountedWidget, label: string) => [...m.host.querySelectorAll<HTMLElement>('.ds-help__item')].find((el) => text(el).startsWith(label));
const toggle = (m: MountedWidget) => m.host.querySelector<HTMLButtonElement>('button[part="toggle"]')!;
const dialog = (m: MountedWidget) => m.host.querySelector<HTMLDialogElement>('dialog[open]');
const button = (root: ParentNode | null, label: string) => [...(root?.querySelectorAll('button') ?? [])].find((b) => text(b) === label);
const focused = () => {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
};

describe('<HelpWidget> (HTTP faked at the transport)', () => {
  let m: MountedWidget;
  afterEach(() => m?.unmount());

  it('starts collapsed, opens on its button with the items the settings fill in, and remembers that it was left open', async () => {
    const toggles: HelpToggleDetail[] = [];
    const memory = memoryOpenMemory();
    m = mountWidget({ memory, props: { onToggle: (detail) => toggles.push(detail) } });
    await waitFor(() => m.host.querySelector('button[part="toggle"]'));
    expect(toggle(m).getAttribute('aria-expanded')).to.equal('false');
    expect(m.host.querySelector('[part="panel"]')).to.equal(null);
    toggle(m).click();
    await waitFor(() => items(m).includes('微信端'), { message: 'items from the settings' });
    expect(items(m)).to.deep.equal(['微信端', 'TV端', '帮助中心（在新窗口打开）', '客服热线', '意见反馈']);
    expect(toggle(m).getAttribute('aria-expanded')).to.equal('true');
    expect(toggle(m).getAttribute('aria-controls')).to.equal(m.host.querySelector('[part="panel"]')!.id);
    const center = item(m, '帮助中心') as HTMLAnchorElement;
    expect(center.href).to.equal('http://platform.test/#/help');
    expect(center.target).to.equal('_blank');
    expect(memory.read()).to.equal(true);
    expect(toggles).to.deep.equal([{ open: true }]);

    const hotline = item(m, '客服热线')!;
    expect(hotline.getAttribute('aria-expanded')).to.equal('false');
    hotline.click();
    await waitFor(() => hotline.getAttribute('aria-expanded') === 'true');
    const numbers = m.host.querySelector<HTMLElement>('[part="hotlines"]')!;
    expect(numbers.hidden).to.equal(false);
    expect([...numbers.querySelectorAll('dt, dd')].map(text)).to.deep.equal(['账号服务热线', '0571-88880001', '使用服务热线', '400-800-1234转2', '用户交流群', 'QQ 群 123456789']);
    expect(await axeViolations(m.host)).to.deep.equal([]);

    m.unmount();
    m = mountWidget({ memory });
    await waitFor(() => items(m).includes('微信端'), { message: 'open again, as it was left' });
    toggle(m).click();
    await waitFor(() => !m.host.querySelector('[part="panel"]'));
    expect(memory.read()).to.equal(false);
  });

  it('leaves out what the settings do not name, and links 帮助中心 where the settings or the page say', async () => {
    m = mountWidget({ memory: memoryOpenMemory(true), settings: { 'common.platform.areaCode': 'x', 'common.platform.name': 'y', 'common.help.centerUrl': 'https://help.example.cn/' } });
    await waitFor(() => item(m, '帮助中心'));
    expect(items(m)).to.deep.equal(['帮助中心（在新窗口打开）', '意见反馈']);
    expect((item(m, '帮助中心') as HTMLAnchorElement).href).to.equal('https://help.example.cn/');
    m.render({ helpUrl: 'https://bureau.example.cn/help' });
    await waitFor(() => (item(m, '帮助中心') as HTMLAnchorElement).href === 'https://bureau.example.cn/help');
  });

  it('shows the 微信端 QR code and operation video in a dialog that Esc closes, focus back on 微信端', async () => {
    m = mountWidget({ memory: memoryOpenMemory(true) });
    const wechat = await waitFor(() => item(m, '微信端'));
    expect(m.host.querySelector('img, video')).to.equal(null);
    wechat.focus();
    await sendKeys({ press: 'Enter' });
    const open = await waitFor(() => dialog(m)?.querySelector('img') && dialog(m));
    expect(text(open.querySelector('h2'))).to.equal('微信端');
    expect(open.getAttribute('aria-labelledby')).to.equal(open.querySelector('h2')!.id);
    const qr = open.querySelector<HTMLImageElement>('img[part="qr"]')!;
    expect(qr.getAttribute('src')).to.equal('http://platform.test/static/help/wechatQr');
    expect(qr.alt).to.equal('微信端二维码');
    expect(open.querySelector<HTMLVideoElement>('video[part="video"]')!.getAttribute('src')).to.equal('http://platform.test/static/help/wechatVideo');
    expect(await axeViolations(m.host)).to.deep.equal([]);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog(m), { message: 'closed by Esc' });
    await waitFor(() => focused() === wechat, { message: 'focus back on 微信端' });

    // TV端 has a QR code but no video in these settings.
    item(m, 'TV端')!.click();
    const tv = await waitFor(() => dialog(m)?.querySelector('img') && dialog(m));
    expect(tv.querySelector('img')!.getAttribute('src')).to.equal('http://platform.test/static/help/tvQr');
    expect(tv.querySelector('video')).to.equal(null);
    button(tv, '×')!.click();
    await waitFor(() => !dialog(m));
  });

  it('is used from the keyboard: Enter opens, Shift+Tab reaches the items, Esc closes the dialog then the panel', async () => {
    m = mountWidget();
    await waitFor(() => m.host.querySelector('button[part="toggle"]'));
    toggle(m).focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => items(m).includes('微信端'));
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(focused()).to.equal(item(m, '意见反馈'));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => text(dialog(m)?.querySelector('p')) === '需要登录后查看，是否登录？');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog(m));
    await waitFor(() => focused() === item(m, '意见反馈'));
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !m.host.querySelector('[part="panel"]'));
    expect(focused()).to.equal(toggle(m));
    expect(m.memory.read()).to.equal(false);
  });

  it('asks a visitor 「需要登录后查看，是否登录？」 for 意见反馈: 登录 tells the page, 取消 goes back', async () => {
    const logins: HelpLoginDetail[] = [];
    m = mountWidget({ memory: memoryOpenMemory(true), props: { onLogin: (detail) => logins.push(detail) } });
    const feedback = await waitFor(() => m.host.querySelector('[part~="panel"]') && item(m, '意见反馈'));
    await waitFor(() => items(m).includes('微信端'));
    feedback.click();
    const question = await waitFor(() => dialog(m));
    expect(text(question.querySelector('p'))).to.equal('需要登录后查看，是否登录？');
    expect(await axeViolations(m.host)).to.deep.equal([]);
    button(question, '取消')!.click();
    await waitFor(() => !dialog(m));
    await waitFor(() => focused() === feedback, { message: 'focus back on 意见反馈' });
    expect(logins).to.deep.equal([]);
    feedback.click();
    button(await waitFor(() => dialog(m)), '登录')!.click();
    await waitFor(() => logins.length === 1);
    expect(logins[0]!.returnUrl).to.equal(location.href);
    expect(m.server.requestsTo(FEEDBACK)).to.have.length(0);
  });

  it('sends a signed-in user’s feedback with the context only after consent, and says it was sent', async () => {
    const sent: FeedbackSentDetail[] = [];
    const server = createFakeServer().on('POST', FEEDBACK, () => ok({ id: 'fb-1' }));
    m = mountWidget({ server, token: 'student-token', memory: memoryOpenMemory(true), props: { onFeedbackSent: (detail) => sent.push(detail) } });
    await waitFor(() => items(m).includes('微信端'));
    item(m, '意见反馈')!.click();
    const form = await waitFor(() => dialog(m)?.querySelector('form'));
    expect(text(dialog(m)!.querySelector('h2'))).to.equal('意见反馈');
    expect(await axeViolations(m.host)).to.deep.equal([]);

    // Empty content: refused before sending, the field named and focused.
    button(form, '提交')!.click();
    const alert = await waitFor(() => form.querySelector('[role="alert"]'));
    expect(text(alert)).to.equal('请填写反馈内容（content）');
    const content = form.querySelector<HTMLTextAreaElement>('textarea')!;
    expect(content.getAttribute('aria-invalid')).to.equal('true');
    expect(focused()).to.equal(content);
    expect(m.server.requestsTo(FEEDBACK)).to.have.length(0);

    form.querySelector<HTMLInputElement>('input[value="suggestion"]')!.click();
    content.focus();
    await sendKeys({ type: '希望增加夜间模式' });
    form.querySelector<HTMLInputElement>('input[autocomplete="tel"]')!.focus();
    await sendKeys({ type: '13800000000' });
    button(form, '提交')!.click();
    await waitFor(() => m.server.requestsTo(FEEDBACK).length === 1);
    expect(m.server.requestsTo(FEEDBACK)[0]!.body).to.deep.equal({ type: 'suggestion', content: '希望增加夜间模式', contact: '13800000000' });
    expect(m.server.requestsTo(FEEDBACK)[0]!.headers.Authorization).to.equal('student-token');
    await waitFor(() => text(dialog(m)?.querySelector('[role="status"]')) === '反馈已提交，感谢您的反馈！我们会尽快处理。');
    expect(sent).to.deep.equal([{ id: 'fb-1' }]);

    button(dialog(m), '关闭')!.click();
    await waitFor(() => !dialog(m));
    item(m, '意见反馈')!.click();
    const again = await waitFor(() => dialog(m)?.querySelector('form'));
    again.querySelector<HTMLTextAreaElement>('textarea')!.value = '';
    again.querySelector<HTMLTextAreaElement>('textarea')!.focus();
    await sendKeys({ type: '视频打不开' });
    again.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    const preview = await waitFor(() => again.querySelector('dl'));
    expect(text(preview)).to.contain(redactUrl(location.href));
    expect(text(preview)).to.contain(navigator.userAgent);
    button(again, '提交')!.click();
    await waitFor(() => m.server.requestsTo(FEEDBACK).length === 2);
    const body = m.server.requestsTo(FEEDBACK)[1]!.body as { type: string; context: { page: string; browser: string; role: string; errors: unknown[] } };
    expect(body.type).to.equal('bug');
    expect(body.context.browser).to.equal(navigator.userAgent);
    expect(body.context.page).to.equal(redactUrl(location.href));
    expect(body.context.role).to.equal('unknown');
    expect(body.context.errors).to.be.an('array');
  });

  it('asks to log in again when the server says the login is gone, and shows the server’s refusal otherwise', async () => {
    let answer: 'expired' | 'refused' = 'refused';
    const server = createFakeServer().on('POST', FEEDBACK, () => (answer === 'expired' ? fail(4010005, '登录已失效，请重新登录') : { status: 422, body: { status: 4220101, message: '反馈内容不能超过 1000 个字符', data: { field: 'content' } } }));
    m = mountWidget({ server, token: 'student-token', memory: memoryOpenMemory(true), settings: FULL_SETTINGS });
    await waitFor(() => items(m).includes('微信端'));
    item(m, '意见反馈')!.click();
    const form = await waitFor(() => dialog(m)?.querySelector('form'));
    form.querySelector<HTMLTextAreaElement>('textarea')!.focus();
    await sendKeys({ type: '内容' });
    button(form, '提交')!.click();
    const alert = await waitFor(() => form.querySelector('[role="alert"]'));
    expect(text(alert)).to.equal('反馈内容不能超过 1000 个字符');
    expect(form.querySelector('textarea')!.getAttribute('aria-invalid')).to.equal('true');
    answer = 'expired';
    button(form, '提交')!.click();
    await waitFor(() => text(dialog(m)?.querySelector('p')) === '需要登录后查看，是否登录？', { message: 'the login question' });
  });

  it('speaks English with lang="en"', async () => {
    m = mountWidget({ memory: memoryOpenMemory(true), props: { lang: 'en' } });
    await waitFor(() => items(m).includes('WeChat'));
    expect(items(m)).to.deep.equal(['WeChat', 'TV', 'Help centre (opens in a new window)', 'Hotlines', 'Feedback']);
    expect(text(toggle(m))).to.equal('Help');
  });

  it('sends a visitor to login-url with the page to come back to, in the hash route’s query for a #/ address', () => {
    const back = 'https://bureau.example.cn/help.html?tab=2';
    expect(loginAddress('https://platform.example.cn/#/login', back)).to.equal(`https://platform.example.cn/#/login?returnUrl=${encodeURIComponent(back)}`);
    expect(loginAddress('https://platform.example.cn/#/login?from=bureau', back)).to.equal(`https://platform.example.cn/#/login?from=bureau&returnUrl=${encodeURIComponent(back)}`);
    expect(new URL(loginAddress('https://sso.example.cn/login?app=ds', back)).searchParams.get('returnUrl')).to.equal(back);
  });
});
