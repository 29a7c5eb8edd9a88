import { expect } from 'chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../register.js';
import { getPlatform } from '../shared/platformRegistry.js';
import { waitFor } from '../test/waitFor.js';
import { axeViolations } from '../test/axe.js';
import { apiBase } from '../test/apiBase.js';
import type { LoginFailureDetail, LoginSuccessDetail } from './loginTypes.js';

const shadow = (el: HTMLElement) => el.shadowRoot!;
const $ = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => shadow(el).querySelector<T>(selector);

function mount(attributes: Record<string, string> = {}): HTMLElement {
  const el = document.createElement('ds-login');
  el.setAttribute('api-base', apiBase());
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  return el;
}

/** Types like a user: focus the field, select what is there, type over it. */
async function type(el: HTMLElement, name: string, text: string) {
  const input = await waitFor(() => $<HTMLInputElement>(el, `input[name="${name}"]`));
  input.focus();
  input.select();
  await sendKeys({ press: 'Backspace' });
  if (text) await sendKeys({ type: text });
}

async function submit(el: HTMLElement) {
  (await waitFor(() => $<HTMLButtonElement>(el, 'button[type="submit"]'))).click();
}

/** Every request the page sent to the platform since `since` (Resource Timing sees cross-origin calls too). */
function loginCallsSince(since: number) {
  return performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime >= since && entry.name.includes('/cas/login/restful'));
}

describe('<ds-login> against the reference server', () => {
  let el: HTMLElement;

  beforeEach(() => {
    localStorage.clear();
    // One platform per api-base is shared by every element; each test starts from a fresh form.
    getPlatform(apiBase()).auth.transition({ type: 'reset' });
    getPlatform(apiBase()).session.logout();
  });
  afterEach(() => el?.remove());

  it('shows 请输入账号 and 请输入密码 for empty fields without calling the server', async () => {
    el = mount();
    const since = performance.now();
    await submit(el);
    const userError = await waitFor(() => $(el, '#' + $(el, 'input[name="username"]')!.getAttribute('aria-describedby')));
    expect(userError.textContent).to.equal('请输入账号');
    const password = $(el, 'input[name="password"]')!;
    expect(password.getAttribute('aria-invalid')).to.equal('true');
    expect(shadow(el).getElementById(password.getAttribute('aria-describedby')!)!.textContent).to.equal('请输入密码');
    await type(el, 'username', '   ');
    await submit(el);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(loginCallsSince(since)).to.have.length(0);
  });

  it('has labelled fields and no axe violations', async () => {
    el = mount();
    await waitFor(() => $(el, 'input[name="remember"]'), { message: 'remember checkbox from global config' });
    const label = $(el, `label[for="${$(el, 'input[name="username"]')!.id}"]`);
    expect(label?.textContent).to.equal('账号');
    expect(await axeViolations(el)).to.deep.equal([]);
    await submit(el);
    await waitFor(() => $(el, '.ds-login__error'));
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('shows the server message and fires ds-login-failure on a wrong password', async () => {
    el = mount();
    const failures: LoginFailureDetail[] = [];
    document.addEventListener('ds-login-failure', (event) => failures.push(event.detail));
    await type(el, 'username', 'student');
    await type(el, 'password', 'wrong-password');
    await submit(el);
    const alert = await waitFor(() => $(el, '[role="alert"]'));
    expect(alert.textContent).to.equal('用户名或密码错误');
    await waitFor(() => failures.length === 1);
    expect(failures[0]!.code).to.equal(4200001);
  });

  it('asks for the slider captcha after two failures and reports a wrong position', async () => {
    el = mount();
    await type(el, 'username', 'parent');
    for (let attempt = 0; attempt < 2; attempt++) {
      await type(el, 'password', `wrong-${attempt}`);
      await submit(el);
      await waitFor(() => $(el, '[role="alert"]') && getPlatform(apiBase()).auth.getState().attempts === attempt + 1);
    }
    await type(el, 'password', 'wrong-2');
    await submit(el);
    const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'));
    const background = await waitFor(() => dialog.querySelector<HTMLImageElement>('.ds-captcha__background'));
    expect(background.src.startsWith('data:image/png;base64,')).to.equal(true);
    await waitFor(() => background.complete && background.naturalWidth === 310);
    const slider = () => dialog.querySelector<HTMLElement>('[role="slider"]')!;
    const puzzleSrc = () => dialog.querySelector<HTMLImageElement>('.ds-captcha__background')?.src;

    // Pointer: drag the handle 40 px (the hole is never that far left), release to verify.
    const first = puzzleSrc();
    const rect = slider().getBoundingClientRect();
    const y = Math.round(rect.top + rect.height / 2);
    const x0 = Math.round(rect.left + 25);
    await sendMouse({ type: 'move', position: [x0, y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x0 + 40, y] });
    await waitFor(() => slider().getAttribute('aria-valuenow') === '40');
    await sendMouse({ type: 'up' });
    const message = await waitFor(() => dialog.querySelector('.ds-captcha__message--error')?.textContent);
    expect(message).to.equal('验证失败，请重试');
    // The spent puzzle is replaced by a new one.
    await waitFor(() => puzzleSrc() && puzzleSrc() !== first && slider().getAttribute('aria-disabled') === null);

    // Keyboard: the same check with arrow keys and Enter.
    const second = puzzleSrc();
    slider().focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ press: 'Home' });
    await sendKeys({ press: 'ArrowRight' });
    expect(slider().getAttribute('aria-valuenow')).to.equal('1');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => puzzleSrc() && puzzleSrc() !== second);
    expect(dialog.querySelector('.ds-captcha__message--error')?.textContent).to.equal('验证失败，请重试');
    dialog.querySelector<HTMLButtonElement>('.ds-dialog__close')!.click();
    await waitFor(() => !$(el, 'dialog[open]'));
  });

  it('logs teacher in and the token works on /base/v1/user/current', async () => {
    el = mount();
    const success = new Promise<LoginSuccessDetail>((resolve) =>
      el.addEventListener('ds-login-success', (event) => resolve(event.detail), { once: true }),
    );
    let heardOnDocument = false;
    document.addEventListener('ds-login-success', () => (heardOnDocument = true), { once: true });
    await type(el, 'username', 'teacher');
    await type(el, 'password', 'Ds@123456');
    $<HTMLInputElement>(el, 'input[name="remember"]')!.click();
    await submit(el);
    const detail = await success;
    expect(heardOnDocument).to.equal(true);
    expect(detail.token).to.be.a('string').and.not.equal('');
    expect(detail.expire).to.be.greaterThan(0);
    const response = await fetch(`${apiBase()}/base/v1/user/current`, { headers: { Authorization: detail.token } });
    const body = (await response.json()) as { status: number; data: { userName: string; identityCode: unknown } };
    expect(body.status).to.equal(200);
    expect(String(body.data.identityCode)).to.equal('5');

    // 记住密码 keeps the account name only; the password is nowhere in storage.
    const stored = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '');
    expect(stored).to.include('teacher');
    expect(stored.some((value) => value.includes('Ds@123456'))).to.equal(false);
    el.remove();
    el = mount();
    const account = await waitFor(() => $<HTMLInputElement>(el, 'input[name="username"]'));
    expect(account.value).to.equal('teacher');
    expect((await waitFor(() => $<HTMLInputElement>(el, 'input[name="remember"]'))).checked).to.equal(true);
  });

  it('speaks English with lang="en"', async () => {
    el = mount({ lang: 'en' });
    await submit(el);
    const error = await waitFor(() => $(el, '.ds-login__error'));
    expect(error.textContent).to.equal('Please enter your account');
    expect($(el, 'button[type="submit"]')!.textContent).to.equal('Log in');
  });

  it('shows the 用户登录失败 dialog for a deploy login without authorization', async () => {
    el = mount({ 'login-type': 'deploy' });
    expect($(el, 'form')).to.equal(null);
    const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'));
    expect(dialog.getAttribute('role')).to.equal('alertdialog');
    expect(dialog.textContent).to.contain('用户登录失败');
    expect(dialog.textContent).to.contain('学院未找到相关用户，请联系学院管理员');
  });
});
