import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import '../register.js';
import { waitFor } from '../test/waitFor.js';
import { axeViolations } from '../test/axe.js';
import type { UploadCompleteDetail, UploadErrorDetail, UploadProgressDetail, UploadRemovedDetail } from './uploaderEvents.js';
import { $, $$, choose, chunkRequestsSince, downloadedMd5, login, md5Of, mountUploader, nextEvent, pseudoRandomFile, rowStatus } from './uploaderTestKit.js';

const MB = 1024 * 1024;

describe('<ds-uploader> against the reference server', function () {
  let el: HTMLElement | undefined;
  let token: string;

  before(async () => {
    token = await login('teacher');
  });
  afterEach(() => {
    el?.remove();
    el = undefined;
  });

  it('hashes in the MD5 Web Worker that the test bundle serves beside itself', async () => {
    const file = pseudoRandomFile('worker.zip', 3 * MB + 17, 11);
    // The same URL the engine builds (hashRunner.ts), resolved against this bundle.
    const worker = new Worker(new URL('./md5.worker.js', import.meta.url), { type: 'module' });
    const digest = await new Promise<string>((resolve, reject) => {
      worker.onerror = () => reject(new Error('the MD5 worker did not load'));
      worker.onmessage = ({ data }: MessageEvent<{ type: string; md5?: string; message?: string }>) =>
        data.type === 'done' ? resolve(data.md5!) : data.type === 'error' && reject(new Error(data.message));
      worker.postMessage({ type: 'hash', id: 1, file, start: 0, end: file.size, sliceSize: 2 * MB, engines: ['hash-wasm'] });
    });
    worker.terminate();
    expect(digest).to.equal(await md5Of(file));
  });

  it('opens the native picker from the keyboard: Tab to 选择文件, Enter', async () => {
    el = mountUploader({ accept: 'video,picture', 'max-size': '500mb' }, token);
    // The server's rules have loaded (data-ready), so the picker's filter below is theirs.
    await waitFor(() => $(el!, '.ds-uploader[data-ready]'));
    const picker = $<HTMLButtonElement>(el, '.ds-uploader__picker')!;
    const input = $<HTMLInputElement>(el, 'input[type="file"]')!;
    let opened = 0;
    // Stop the real dialog from opening in the test browser; that the input was clicked is what matters.
    input.addEventListener('click', (event) => (opened++, event.preventDefault()));
    document.body.focus();
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(picker);
    expect(picker.textContent).to.equal('选择文件');
    await sendKeys({ press: 'Enter' });
    expect(opened).to.equal(1);
    // The server's video and picture extensions, narrowed by accept, reach the picker and the hint.
    expect(input.accept.split(',')).to.include.members(['.mp4', '.jpg']);
    expect(input.accept).not.to.contain('.pdf');
    expect($(el, '.ds-uploader__hint')!.textContent).to.contain('单个文件不超过500MB');
  });

  it('refuses wrong types, empty, too large and too many files with the spec messages', async () => {
    el = mountUploader({ 'max-count': '2', 'max-size': '1mb', multiple: '' }, token);
    const errors: UploadErrorDetail[] = [];
    el.addEventListener('ds-upload-error', (event) => errors.push(event.detail));
    await choose(el, [
      new File(['MZ'], 'setup.exe'),
      new File([], '空白.pdf'),
      pseudoRandomFile('大图.jpg', 2 * MB, 7),
      new File(['a'], '一.txt'),
      new File(['b'], '二.txt'),
      new File(['c'], '三.txt'),
    ]);
    const notices = await waitFor(() => {
      const texts = $$(el!, '.ds-uploader__notice span').map((node) => node.textContent);
      return texts.length === 4 ? texts : null;
    });
    expect(notices).to.deep.equal(['已排除不符合上传格式的文件', '请上传大于0KB的文件', '每个文件不能超过1MB', '已达到最大上传数量']);
    expect(errors.map((e) => [e.fileId, e.code])).to.deep.equal([
      [null, 4150001],
      [null, 5000002],
      [null, 4130001],
      [null, 4220003],
    ]);
    expect($$(el, '.ds-uploader__file')).to.have.length(2);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('uploads 50 MB byte-identical, then again instantly (秒传) without a chunk request', async function () {
    this.timeout(120000);
    el = mountUploader({ multiple: '' }, token);
    const file = pseudoRandomFile(`课堂实录-${Date.now()}.zip`, 50 * MB, 20261121);
    const progress: UploadProgressDetail[] = [];
    el.addEventListener('ds-upload-progress', (event) => progress.push(event.detail));
    const since = performance.now();
    const completed = nextEvent<UploadCompleteDetail>(el, 'ds-upload-complete', 110000);
    await choose(el, [file]);
    await waitFor(() => /^计算MD5 \d+%$/.test(rowStatus(el!)) || /上传中|校验文件|已完成/.test(rowStatus(el!)), { timeout: 20000 });
    const done = await completed;
    expect(done.instant).to.equal(false);
    // The event comes from the engine; the row re-renders right after it.
    await waitFor(() => rowStatus(el!) === '已完成');
    expect($(el, '[part~="upload-progress"]')!.getAttribute('aria-valuenow')).to.equal('100');
    expect(progress.at(-1)).to.include({ fileId: done.fileId, loaded: 50 * MB, total: 50 * MB, percent: 100 });
    // Throttled: far fewer events than bytes-progress callbacks, but more than just the last one.
    expect(progress.length).to.be.greaterThan(1).and.lessThan(400);
    expect(chunkRequestsSince(since)).to.equal(5); // the server's 10 MB chunks
    const original = await md5Of(file);
    expect(await downloadedMd5(done.fileInfoId, token)).to.equal(original);
    expect(await axeViolations(el)).to.deep.equal([]);

    const again = performance.now();
    const instant = nextEvent<UploadCompleteDetail>(el, 'ds-upload-complete', 60000);
    await choose(el, [file]);
    const second = await instant;
    expect(second.instant).to.equal(true);
    expect(String(second.fileInfoId)).to.equal(String(done.fileInfoId));
    await waitFor(() => rowStatus(el!, 1) === '秒传完成');
    expect(chunkRequestsSince(again)).to.equal(0);
  });

  it('resumes after the element is gone mid-upload: only the missing chunks are sent', async function () {
    this.timeout(120000);
    const file = pseudoRandomFile(`断点续传-${Date.now()}.zip`, 50 * MB, 99);
    const chunks = 50;
    el = mountUploader({ 'chunk-size': String(MB) }, token);
    const first = performance.now();
    await choose(el, [file]);
    await waitFor(() => chunkRequestsSince(first) >= 4, { timeout: 60000, message: 'a few chunks acknowledged' });
    // What a reload does to the page: the element and its engine are gone, localStorage stays.
    el.remove();
    const sentBefore = chunkRequestsSince(first);
    expect(sentBefore).to.be.lessThan(chunks);

    el = mountUploader({ 'chunk-size': String(MB) }, token);
    const second = performance.now();
    const completed = nextEvent<UploadCompleteDetail>(el, 'ds-upload-complete', 110000);
    await choose(el, [file]);
    await waitFor(() => $(el!, '.ds-uploader__tag')?.textContent === '断点续传', { timeout: 20000, message: 'resumed tag' });
    const done = await completed;
    const sentAfter = chunkRequestsSince(second);
    expect(sentAfter).to.be.lessThan(chunks);
    expect(sentAfter).to.be.at.least(1);
    expect(await downloadedMd5(done.fileInfoId, token)).to.equal(await md5Of(file));
  });

  it('pauses, resumes and removes a file with its labelled buttons', async function () {
    this.timeout(120000);
    el = mountUploader({ 'chunk-size': String(MB) }, token);
    const file = pseudoRandomFile(`暂停-${Date.now()}.zip`, 30 * MB, 4242);
    const since = performance.now();
    await choose(el, [file]);
    await waitFor(() => chunkRequestsSince(since) >= 2, { timeout: 60000 });
    const pause = await waitFor(() => $<HTMLButtonElement>(el!, 'button[aria-label^="暂停"]'));
    expect(pause.getAttribute('aria-label')).to.equal(`暂停 ${file.name}`);
    pause.click();
    await waitFor(() => rowStatus(el!) === '已暂停');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const frozen = chunkRequestsSince(since);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(chunkRequestsSince(since)).to.equal(frozen);
    expect(await axeViolations(el)).to.deep.equal([]);

    const completed = nextEvent<UploadCompleteDetail>(el, 'ds-upload-complete', 110000);
    $<HTMLButtonElement>(el, 'button[aria-label^="继续"]')!.click();
    const done = await completed;
    expect(await downloadedMd5(done.fileInfoId, token)).to.equal(await md5Of(file));

    const removed = nextEvent<UploadRemovedDetail>(el, 'ds-upload-removed');
    $<HTMLButtonElement>(el, `button[aria-label="移除 ${file.name}"]`)!.click();
    expect((await removed).fileId).to.equal(done.fileId);
    await waitFor(() => $$(el!, '.ds-uploader__file').length === 0);
  });

  it('takes files by drag and drop and by paste', async () => {
    el = mountUploader({ multiple: '' }, token);
    const zone = await waitFor(() => $(el!, '.ds-uploader__drop'));
    await waitFor(() => $(el!, '.ds-uploader[data-ready]'));
    const dragged = new DataTransfer();
    dragged.items.add(pseudoRandomFile(`拖入-${Date.now()}.pdf`, 64 * 1024, 1));
    zone.dispatchEvent(new DragEvent('dragenter', { bubbles: true, composed: true, dataTransfer: dragged }));
    await waitFor(() => zone.hasAttribute('data-dragging') && zone.textContent.includes('松开鼠标即可添加文件'));
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, composed: true, cancelable: true, dataTransfer: dragged }));
    await waitFor(() => $$(el!, '.ds-uploader__file').length === 1 && !zone.hasAttribute('data-dragging'));

    const pasted = new DataTransfer();
    pasted.items.add(pseudoRandomFile(`粘贴-${Date.now()}.pdf`, 64 * 1024, 2));
    $(el, '.ds-uploader__picker')!.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, composed: true, cancelable: true, clipboardData: pasted }));
    await waitFor(() => $$(el!, '.ds-uploader__file').length === 2);
    await waitFor(() => rowStatus(el!, 0) === '已完成' && rowStatus(el!, 1) === '已完成', { timeout: 20000 });
  });

  it('announces outcomes politely and speaks English with lang="en"', async () => {
    el = mountUploader({ lang: 'en' }, token);
    const live = await waitFor(() => $(el!, '[role="status"][aria-live="polite"]'));
    expect($(el, '.ds-uploader__picker')!.textContent).to.equal('Choose files');
    const completed = nextEvent<UploadCompleteDetail>(el, 'ds-upload-complete');
    await choose(el, [pseudoRandomFile(`notes-${Date.now()}.pdf`, 300 * 1024, 5)]);
    await completed;
    await waitFor(() => rowStatus(el!) === 'Done');
    await waitFor(() => /upload done$/.test(live.textContent ?? ''));
  });
});
