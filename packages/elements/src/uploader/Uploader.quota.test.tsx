import { expect } from 'chai';
import '../register.js';
import { waitFor } from '../test/waitFor.js';
import type { UploadErrorDetail } from './uploaderEvents.js';
import { $, $$, choose, chunkRequestsSince, login, mountUploader, pseudoRandomFile } from './uploaderTestKit.js';

const KB = 1024;

// The reference server of these tests gives teacher2 1 MB and 20 files (web-test-runner.config.mjs).
describe('<ds-uploader> storage quota', function () {
  let el: HTMLElement | undefined;
  afterEach(() => {
    el?.remove();
    el = undefined;
  });

  it('shows what is used and left, refuses at once a file that cannot fit, and counts a finished upload', async () => {
    const token = await login('teacher2');
    el = mountUploader({ multiple: '' }, token);
    const line = () => $(el!, '.ds-uploader__quota')?.textContent ?? '';
    await waitFor(() => line().startsWith('存储空间：已用 ') || null, { message: 'quota line shown' });
    expect(line()).to.match(/ \/ 1 MB（\d+ \/ 20 个文件），剩余 /);

    const errors: UploadErrorDetail[] = [];
    el.addEventListener('ds-upload-error', (event) => errors.push(event.detail));
    const since = performance.now();
    await choose(el, [pseudoRandomFile('太大.zip', 1100 * KB, 3)]);
    const notice = await waitFor(() => $$(el!, '.ds-uploader__notice span').map((node) => node.textContent)[0] ?? null);
    expect(notice).to.contain('存储配额不足：教师账号最多可存 1 MB、20 个文件');
    expect(notice).to.contain('本文件 1.1 MB');
    expect(errors.map((e) => e.code)).to.deep.equal([2510109]);
    expect($$(el, '.ds-uploader__file')).to.have.length(0);
    expect(chunkRequestsSince(since)).to.equal(0);

    const before = line();
    await choose(el, [pseudoRandomFile('小.zip', 100 * KB, 4)]);
    await waitFor(() => (line() !== before ? line() : null), { message: 'quota line updated after the upload' });
    expect(line()).to.contain('个文件），剩余 ');
  });
});
