import { expect } from 'chai';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createPlatform } from '@dscloud/sdk';
import { createFakeServer, createMemoryStorage, ok } from '@dscloud/sdk/testing';
import { createDefaultTransport, type NetworkMonitor, type UploadTransport } from '@dscloud/sdk/upload';
import { PlatformProvider } from '../shared/PlatformContext.js';
import { apiBase } from '../test/apiBase.js';
import { axeViolations } from '../test/axe.js';
import { waitFor } from '../test/waitFor.js';
import { Uploader, type UploaderProps } from './Uploader.js';
import { chooseFiles } from './storyEngine.js';
import { downloadedMd5, login, md5Of, pseudoRandomFile } from './uploaderTestKit.js';

const MB = 1024 * 1024;

function parse(data: unknown): unknown {
  try {
    return typeof data === 'string' ? JSON.parse(data) : data;
  } catch {
    return undefined;
  }
}

/**
 * The real reference server behind a line the test can cut: while it is down nothing gets through
 * and the browser says it is offline; `restore()` puts it back and fires `online`.
 */
function schoolLine(cutAfterChunks = Infinity) {
  const inner = createDefaultTransport();
  const listeners = new Set<() => void>();
  /** `held`: the server's chunk map as last asked for; `sent`: chunks that went out since then. */
  const state = { down: false, cut: false, acknowledged: 0, held: [] as number[], sent: [] as number[] };
  const refuse = () => Promise.reject(new TypeError('Failed to fetch'));
  const transport: UploadTransport = async (config) => {
    const form = config.data instanceof FormData ? config.data : undefined;
    if (!form) {
      if (state.down) return refuse();
      const response = await inner(config);
      const received = (parse(response.data) as { data?: { received?: number[] } } | undefined)?.data?.received;
      if (config.url?.endsWith('/upload/status') && received) {
        state.held = received;
        state.sent = [];
      }
      return response;
    }
    if (!state.cut && state.acknowledged >= cutAfterChunks) state.cut = state.down = true;
    if (state.down) return refuse();
    state.sent.push(Number(form.get('chunk')));
    const response = await inner(config);
    if (response.status === 200) state.acknowledged += 1;
    return response;
  };
  const network: NetworkMonitor = {
    online: () => !state.down,
    onOnline: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
  };
  const restore = () => {
    state.down = false;
    listeners.forEach((listener) => listener());
  };
  return { state, restore, seams: { transport, network, networkProbeDelays: [60_000], retryDelays: [200, 200, 200] } };
}

describe('<Uploader> when the network drops or the config cannot be fetched', function () {
  let host: HTMLDivElement;
  let root: Root;
  let token: string;

  before(async () => {
    token = await login('teacher');
  });
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  const render = (props: UploaderProps, platform?: ReturnType<typeof createPlatform>) => {
    const uploader = createElement(Uploader, { apiBase: apiBase(), token, ...props });
    root.render(platform ? createElement(PlatformProvider, { platform }, uploader) : uploader);
  };
  const status = () => host.querySelector('.ds-uploader__status')?.textContent ?? '';
  const spoken = () => host.querySelector('[role="status"][aria-live="polite"]')?.textContent ?? '';
  const pickerReady = () => waitFor(() => host.querySelector('.ds-uploader[data-ready]'), { message: 'upload settings loaded' });

  it('shows 网络已断开 with the progress kept, says it, then finishes byte-identical once the line is back', async function () {
    this.timeout(60000);
    const line = schoolLine(3);
    let fileInfoId: number | string | undefined;
    render({ chunkSize: MB, engine: line.seams, onComplete: (detail) => (fileInfoId = detail.fileInfoId) });
    await pickerReady();
    const file = pseudoRandomFile(`断网-${Date.now()}.zip`, 8 * MB, 3003);
    chooseFiles(host, [file]);

    await waitFor(() => status() === '网络已断开，恢复后自动继续', { timeout: 30000, message: 'waiting row' });
    const bar = host.querySelector('[part~="upload-progress"]')!;
    expect(Number(bar.getAttribute('aria-valuenow'))).to.be.greaterThan(0);
    expect(host.querySelector('.ds-uploader__file')!.getAttribute('data-status')).to.equal('waitingForNetwork');
    expect(host.querySelector(`button[aria-label="暂停 ${file.name}"]`)).to.not.equal(null);
    expect(host.querySelector('button[aria-label^="重试"]')).to.equal(null);
    await waitFor(() => spoken() === `${file.name} 网络已断开，恢复后自动继续`, { message: 'announced' });
    expect(await axeViolations(host)).to.deep.equal([]);
    // Nothing goes on by itself while the line is down (the next probe is a minute away).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(status()).to.equal('网络已断开，恢复后自动继续');

    line.restore();
    await waitFor(() => status() === '已完成', { timeout: 40000, message: 'done after the line is back' });
    // After the line came back only what the server's chunk map lacked went out, each chunk once.
    const { held, sent } = line.state;
    expect(held.length).to.be.at.least(3);
    expect(sent.filter((chunk) => held.includes(chunk))).to.deep.equal([]);
    expect([...held, ...sent].sort((a, b) => a - b)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(await downloadedMd5(fileInfoId!, token)).to.equal(await md5Of(file));
  });

  it('speaks English with lang="en" while it waits, and the file can still be paused', async function () {
    this.timeout(30000);
    const line = schoolLine(0);
    render({ chunkSize: MB, engine: line.seams, lang: 'en' });
    await pickerReady();
    const file = pseudoRandomFile(`offline-${Date.now()}.zip`, 2 * MB, 77);
    chooseFiles(host, [file]);
    await waitFor(() => status() === 'Network lost; continues once it is back', { timeout: 20000 });
    await waitFor(() => spoken() === `${file.name}: network lost; continues once it is back`);
    (host.querySelector(`button[aria-label="Pause ${file.name}"]`) as HTMLButtonElement).click();
    await waitFor(() => status() === 'Paused');
    line.restore();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(status()).to.equal('Paused');
  });

  it('offers 重试 when the file config cannot be fetched and loads it when the network is back', async function () {
    let reachable = false;
    const server = createFakeServer().on('GET', '/file/v1/file/config', () =>
      reachable ? ok({ uploadExtensions: 'pdf,zip', uploadChunkSize: MB, uploadMaxSize: 100, mobileUploadVideoMaxSize: 50, fileServerPath: '', extensions: [] }) : 'network-error',
    );
    const platform = createPlatform({ apiBase: '', adapter: server.adapter, storage: createMemoryStorage(), navigate: () => undefined });
    render({ engine: schoolLine().seams }, platform);
    const warning = await waitFor(() => host.querySelector('.ds-uploader__warning[data-problem="config"]'), { message: 'config warning' });
    expect(warning.textContent).to.contain('服务器配置加载失败');
    const retry = warning.querySelector('button')!;
    expect(retry.textContent).to.equal('重试');
    // The button asks again at once: still unreachable, still the warning.
    const asked = server.requestsTo('/file/v1/file/config').length;
    retry.click();
    await waitFor(() => server.requestsTo('/file/v1/file/config').length > asked && host.querySelector('.ds-uploader__warning'));

    reachable = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => !host.querySelector('.ds-uploader__warning') && host.querySelector('.ds-uploader__hint')?.textContent === '支持：pdf、zip；单个文件不超过100MB', {
      message: 'config loaded after online',
    });
    await pickerReady();
  });
});
