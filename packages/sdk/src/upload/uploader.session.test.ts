import { describe, expect, it, vi } from 'vitest';
import { createPlatform } from '../platform/createPlatform.js';
import { createMemoryStorage } from '../session/storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeServer } from '../testing/fakeServer.js';
import { CHUNK, createHarness, fileOf, randomFile } from './testing/uploaderHarness.js';

// Loading the WebAssembly hash engine costs seconds on a busy CI machine.
vi.setConfig({ testTimeout: 30_000 });

function platform() {
  const page = createPlatform({
    apiBase: 'https://yx.example.edu.cn',
    storage: createMemoryStorage(),
    clock: createFakeClock(),
    adapter: createFakeServer().adapter,
    systemType: 'web',
    notify: () => undefined,
  });
  page.session.setLogin({ token: 'token-session', expire: 3600 });
  return page;
}

describe('uploader: headers from the session', () => {
  it('sends every file call with the session’s token and platform headers by default', async () => {
    const { uploader, service } = createHarness({ http: platform().http, token: undefined });
    const { accepted } = uploader.add([randomFile(2 * CHUNK)]);
    await uploader.idle();
    expect(fileOf(uploader, accepted[0]!).status).toBe('done');
    expect(service.seen.length).toBeGreaterThan(1);
    for (const request of service.seen) expect(request.headers).toMatchObject({ Authorization: 'token-session', ua: 'web', 'Accept-Language': 'zh-CH' });
  });

  it('takes only the overrides from its host: a token given to the element and its language', async () => {
    const { uploader, service } = createHarness({ http: platform().http, token: () => 'token-host', locale: () => 'en' });
    uploader.add([randomFile(2 * CHUNK)]);
    await uploader.idle();
    for (const request of service.seen) expect(request.headers).toMatchObject({ Authorization: 'token-host', ua: 'web', 'Accept-Language': 'en' });
  });
});
