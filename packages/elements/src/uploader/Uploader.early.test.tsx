import { expect } from 'chai';
import '../register.js';
import { waitFor } from '../test/waitFor.js';
import type { UploadCompleteDetail, UploadErrorDetail } from './uploaderEvents.js';
import { $, $$, downloadedMd5, login, md5Of, mountUploader, nextEvent, pseudoRandomFile } from './uploaderTestKit.js';

/** Holds the page's XHRs whose address contains `part` until `release()` (a slow line for one call). */
function holdRequests(part: string) {
  const proto = XMLHttpRequest.prototype;
  const { open, send } = proto;
  const urls = new WeakMap<XMLHttpRequest, string>();
  const held: Array<() => void> = [];
  proto.open = function (this: XMLHttpRequest, ...args: Parameters<typeof open>) {
    urls.set(this, String(args[1]));
    return open.apply(this, args);
  } as typeof open;
  proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    if (urls.get(this)?.includes(part)) held.push(() => send.call(this, body));
    else send.call(this, body);
  };
  return {
    count: () => held.length,
    release() {
      proto.open = open;
      proto.send = send;
      held.splice(0).forEach((go) => go());
    },
  };
}

const choose = (el: HTMLElement, files: File[]) => {
  const input = $<HTMLInputElement>(el, 'input[type="file"]')!;
  const transfer = new DataTransfer();
  files.forEach((file) => transfer.items.add(file));
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
};

describe('<ds-uploader> with a file chosen before its settings have loaded', function () {
  let el: HTMLElement | undefined;
  let token: string;
  let held: ReturnType<typeof holdRequests> | undefined;

  before(async () => {
    token = await login('teacher');
  });
  afterEach(() => {
    held?.release();
    el?.remove();
    el = undefined;
  });

  it('says the file waits, then uploads it once the quota and rules have answered', async function () {
    this.timeout(60000);
    held = holdRequests('/v1/file/quota');
    el = mountUploader({ multiple: '' }, token);
    await waitFor(() => held!.count() === 1, { message: 'quota request held' });
    await waitFor(() => $(el!, 'input[type="file"]'));
    expect($(el, '.ds-uploader[data-ready]')).to.equal(null);
    const file = pseudoRandomFile(`早选-${Date.now()}.pdf`, 96 * 1024, 31);
    choose(el, [file]);

    const waiting = await waitFor(() => $(el!, '.ds-uploader__waiting'), { message: 'waiting notice' });
    expect(waiting.textContent).to.equal('已选择 1 个文件，上传设置加载后自动开始');
    expect($$(el, '.ds-uploader__file')).to.have.length(0);

    const complete = nextEvent<UploadCompleteDetail>(el, 'ds-upload-complete');
    held.release();
    const done = await complete;
    expect(done.instant).to.equal(false);
    expect(await downloadedMd5(done.fileInfoId, token)).to.equal(await md5Of(file));
    expect($$(el, '.ds-uploader__file')).to.have.length(1);
    expect($(el, '.ds-uploader__waiting')).to.equal(null);
  });

  it('checks a file that waited against the rules that arrived (too large for max-size)', async () => {
    held = holdRequests('/v1/file/quota');
    el = mountUploader({ 'max-size': '1kb' }, token);
    await waitFor(() => held!.count() === 1, { message: 'quota request held' });
    await waitFor(() => $(el!, 'input[type="file"]'));
    choose(el, [pseudoRandomFile(`太大-${Date.now()}.pdf`, 8 * 1024, 32)]);
    await waitFor(() => $(el!, '.ds-uploader__waiting'));
    const refused = nextEvent<UploadErrorDetail>(el, 'ds-upload-error');
    held.release();
    expect((await refused).code).to.equal(4130001);
    const notice = await waitFor(() => $(el!, '.ds-uploader__notice span'));
    expect(notice.textContent).to.equal('每个文件不能超过1KB');
    expect($$(el, '.ds-uploader__file')).to.have.length(0);
  });
});
