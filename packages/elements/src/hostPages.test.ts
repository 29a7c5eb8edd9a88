import { expect } from 'chai';
import { apiBase } from './test/apiBase.js';
import { plainPage, reactPage, vuePage, type HostPage, type PageValues } from './test/hostPages.js';
import { waitFor } from './test/waitFor.js';
import type { VideoSource } from './player/playerTypes.js';
import type { UploadErrorDetail } from './uploader/uploaderEvents.js';
import { choose, login } from './uploader/uploaderTestKit.js';

/**
 * Every element in the pages bureau sites are built with: plain HTML, React 19 and Vue 3. The pages
 * render before this file defines the tags (a site's own bundle often runs first), so the values
 * they set before the upgrade must survive it. Nothing here imports an element statically.
 */
const seed = (file: string) => `${location.origin}/seed-media/${file}`;
const clip = (name: string, title: string): VideoSource => ({ src: seed(`${name}.mp4`), type: 'video/mp4', title });
const PLAYLISTS: PageValues['playlists'] = [
  [clip('lesson-yuwen-gushi', '语文·古诗两首'), clip('lesson-shuxue-tuxing', '数学·认识图形')],
  [clip('lesson-yingyu-hello', '英语·Hello!'), clip('lesson-yuwen-gushi', '语文·古诗两首')],
];

type Heard = Array<{ instance: 'first' | 'second'; detail: UploadErrorDetail }>;
const pages: Array<{ page: HostPage; heard: Heard; token: string }> = [];

const shadowOf = (el: Element | null) => {
  if (!el?.shadowRoot) throw new Error(`${el?.localName ?? 'element'} has no shadow root`);
  return el.shadowRoot;
};
const titles = (player: Element | null) => Array.from(shadowOf(player).querySelectorAll('.ds-player__item-title'), (node) => node.textContent);
const picker = (uploader: Element | null) => shadowOf(uploader).querySelector<HTMLButtonElement>('.ds-uploader__picker');
const valuesFor = (entry: { heard: Heard; token: string }, patch: Partial<PageValues> = {}): PageValues => ({
  apiBase: apiBase(),
  lang: 'zh-CN',
  playlists: PLAYLISTS,
  token: entry.token,
  multiple: true,
  onUploadError: (instance, detail) => entry.heard.push({ instance, detail }),
  ...patch,
});

before(async () => {
  const token = await login('teacher');
  expect(customElements.get('ds-uploader'), 'the tags must not be defined before the pages render').to.equal(undefined);
  for (const page of [plainPage(), reactPage(), vuePage()]) {
    const entry = { page, heard: [] as Heard, token: `${token}` };
    pages.push(entry);
    await page.render(valuesFor(entry));
  }
  await import('./register.js');
});

after(() => pages.forEach(({ page }) => page.unmount()));

for (const name of ['plain HTML', 'React 19', 'Vue 3'] as const) {
  describe(`elements in a ${name} page`, () => {
    const entry = () => pages.find((p) => p.page.name === name)!;
    const $ = (selector: string) => entry().page.root.querySelector(selector);

    it('keep what the page set before the tags were defined: properties stay properties, never attributes', async () => {
      await waitFor(() => titles($('ds-lesson-player.first')).length && titles($('ds-lesson-player.second')).length, { message: 'playlists' });
      expect(titles($('ds-lesson-player.first'))).to.deep.equal(['语文·古诗两首', '数学·认识图形']);
      expect(titles($('ds-lesson-player.second'))).to.deep.equal(['英语·Hello!', '语文·古诗两首']);
      const uploader = $('ds-uploader.first') as HTMLElementTagNameMap['ds-uploader'];
      expect(uploader.token).to.equal(entry().token);
      expect(Object.prototype.hasOwnProperty.call(uploader, 'token'), 'token moved behind the accessor').to.equal(false);
      expect(uploader.hasAttribute('token')).to.equal(false);
      const input = await waitFor(() => shadowOf(uploader).querySelector<HTMLInputElement>('input[type="file"]'), { message: 'file input' });
      expect(input.multiple).to.equal(true);
      await waitFor(() => shadowOf($('ds-login')).querySelector('label')?.textContent === '账号', { message: 'login form' });
    });

    it('follow what the page changes after the upgrade (properties, boolean and string attributes)', async () => {
      const swapped: PageValues['playlists'] = [PLAYLISTS[1], PLAYLISTS[0]];
      await entry().page.render(valuesFor(entry(), { playlists: swapped, multiple: false, lang: 'en' }));
      await waitFor(() => titles($('ds-lesson-player.first'))[0] === '英语·Hello!' && titles($('ds-lesson-player.second'))[0] === '语文·古诗两首', {
        message: 'playlists swapped',
      });
      expect(titles($('ds-lesson-player.second'))).to.deep.equal(['语文·古诗两首', '数学·认识图形']);
      await waitFor(() => picker($('ds-uploader.second'))?.textContent === 'Choose files', { message: 'uploader in English' });
      expect(shadowOf($('ds-uploader.second')).querySelector<HTMLInputElement>('input[type="file"]')!.multiple).to.equal(false);
      await entry().page.render(valuesFor(entry()));
      await waitFor(() => picker($('ds-uploader.second'))?.textContent === '选择文件', { message: 'uploader back in Chinese' });
    });

    it('open a tool in <ds-tool-editor> with the token the page set as a property', async () => {
      const editor = $('ds-tool-editor.tool');
      const base = await waitFor(() => shadowOf(editor).querySelector('.ds-tool-editor[data-ready]'), { timeout: 20_000, message: 'tool editor ready' });
      expect(base.getAttribute('data-tool')).to.equal('gameTemplate');
      // The game template's own form is on the stage, under the editor's toolbar.
      await waitFor(() => shadowOf(editor).querySelector('[part="stage"] .gt'), { timeout: 20_000, message: 'the game template' });
      expect(shadowOf(editor).querySelector('[part="save"]')?.textContent).to.equal('保存');
      expect(shadowOf(editor).querySelector('[part="unavailable"], [part="error"], [part="problem"]')).to.equal(null);
    });

    it("deliver ds-* events to the page's own listener of the instance that fired them", async () => {
      entry().heard.length = 0;
      await choose($('ds-uploader.second') as HTMLElement, [new File([], 'empty.mp4', { type: 'video/mp4' })]);
      const [heard] = await waitFor(() => (entry().heard.length ? entry().heard : null), { message: 'ds-upload-error heard' });
      expect(heard!.instance).to.equal('second');
      expect(heard!.detail).to.include({ fileId: null, message: '请上传大于0KB的文件' });
      expect(entry().heard).to.have.length(1);
    });

    it('keep their view when the page moves them (no remount)', async () => {
      const uploader = $('ds-uploader.first')!;
      const view = shadowOf(uploader).querySelector('.ds-uploader');
      const [parent, next] = [uploader.parentNode!, uploader.nextSibling];
      parent.append(uploader);
      parent.insertBefore(uploader, next);
      // One task later every microtask (where an unmount would run) has run.
      await new Promise((resolve) => setTimeout(resolve));
      expect(shadowOf(uploader).querySelector('.ds-uploader')).to.equal(view);
    });

    it('keep page styles out and their own styles in', () => {
      const style = document.createElement('style');
      style.textContent = `#${entry().page.root.id} button { background-color: rgb(1, 2, 3); }`;
      document.head.append(style);
      const lookalike = Object.assign(document.createElement('button'), { className: 'ds-uploader__picker ds-player__item' });
      const plain = document.createElement('button');
      entry().page.root.append(lookalike, plain);
      try {
        expect(getComputedStyle(picker($('ds-uploader.first'))!).backgroundColor).to.not.equal('rgb(1, 2, 3)');
        // The element's `.ds-uploader__picker` rules do not reach a page button of the same class.
        for (const property of ['backgroundColor', 'color', 'borderRadius', 'padding'] as const) {
          expect(getComputedStyle(lookalike)[property], property).to.equal(getComputedStyle(plain)[property]);
        }
      } finally {
        style.remove();
        lookalike.remove();
        plain.remove();
      }
    });

    it('take their theme from --ds-* tokens (set on an ancestor or on the element) and ::part', () => {
      const id = entry().page.root.id;
      const style = document.createElement('style');
      style.textContent = `
        #${id} { --ds-color-primary: rgb(10, 20, 30); }
        #${id} ds-uploader.second { --ds-color-primary: rgb(40, 50, 60); }
        #${id} ds-uploader::part(picker) { border-radius: 3px; }`;
      document.head.append(style);
      try {
        const first = getComputedStyle(picker($('ds-uploader.first'))!);
        expect(first.backgroundColor).to.equal('rgb(10, 20, 30)');
        expect(first.borderRadius).to.equal('3px');
        expect(getComputedStyle(picker($('ds-uploader.second'))!).backgroundColor).to.equal('rgb(40, 50, 60)');
      } finally {
        style.remove();
      }
    });
  });
}
