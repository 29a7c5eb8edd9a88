import { expect } from 'chai';
import '../register.js';
import { waitFor } from '../test/waitFor.js';
import type { UploadCompleteDetail } from './uploaderEvents.js';
import { $, $$, choose, chunkRequestsSince, downloadedMd5, login, md5Of, mountUploader, nextEvent, pseudoRandomFile, rowStatus } from './uploaderTestKit.js';

const MB = 1024 * 1024;
const noticeTexts = (el: HTMLElement) => $$(el, '.ds-uploader__notice span').map((node) => node.textContent);

describe('<ds-uploader> when its attributes change after it was created', function () {
  let el: HTMLElement | undefined;
  let token: string;

  before(async () => {
    token = await login('teacher');
  });
  afterEach(() => {
    el?.remove();
    el = undefined;
  });

  it('applies the new accept, max-size and max-count to files added afterwards; the upload under way goes on', async function () {
    this.timeout(120000);
    el = mountUploader({ 'chunk-size': String(MB), multiple: '' }, token);
    const running = pseudoRandomFile(`设置变更-${Date.now()}.zip`, 20 * MB, 2026);
    const since = performance.now();
    const completed = nextEvent<UploadCompleteDetail>(el, 'ds-upload-complete', 110000);
    await choose(el, [running]);
    await waitFor(() => chunkRequestsSince(since) >= 2, { timeout: 60000, message: 'the first chunks are sent' });

    el.setAttribute('accept', '.pdf');
    el.setAttribute('max-size', '100kb');
    el.setAttribute('max-count', '2');
    await waitFor(() => $(el!, '.ds-uploader__hint')?.textContent === '支持：pdf；单个文件不超过100KB', { message: 'hint follows the attributes' });
    expect($<HTMLInputElement>(el, 'input[type="file"]')!.accept).to.equal('.pdf');

    const small = pseudoRandomFile(`教案-${Date.now()}.pdf`, 64 * 1024, 3);
    await choose(el, [new File(['PK'], '课件.zip'), pseudoRandomFile('扫描件.pdf', 200 * 1024, 4), small]);
    await waitFor(() => noticeTexts(el!).length === 2);
    expect(noticeTexts(el)).to.have.members(['已排除不符合上传格式的文件', '每个文件不能超过100KB']);
    // The zip chosen before the change is still in the list (and still uploading), next to the new pdf.
    expect($$(el, '.ds-uploader__name').map((node) => node.textContent)).to.deep.equal([running.name, small.name]);

    await choose(el, [pseudoRandomFile(`第三个-${Date.now()}.pdf`, 1024, 5)]);
    await waitFor(() => noticeTexts(el!).includes('已达到最大上传数量'));

    const done = await completed;
    expect(done.fileId).to.equal($$(el, '.ds-uploader__file')[0]!.dataset.fileId);
    expect(await downloadedMd5(done.fileInfoId, token)).to.equal(await md5Of(running));
    await waitFor(() => rowStatus(el!, 0) === '已完成' && rowStatus(el!, 1) === '已完成', { timeout: 30000 });
  });
});
