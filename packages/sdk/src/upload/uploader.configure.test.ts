import { describe, expect, it, vi } from 'vitest';
import { CHUNK, createHarness, deferred, fileOf, randomFile } from './testing/uploaderHarness.js';

vi.setConfig({ testTimeout: 30_000 });

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 5000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  if (!condition()) throw new Error('condition never met');
}

describe('uploader: configure', () => {
  it('applies new rules and settings to files added afterwards; a file already uploading keeps its own', async () => {
    const { uploader, service } = createHarness({ businessCode: 600001 });
    const gate = deferred();
    service.holdForms((request) => (request.body.chunk === '1' ? gate.promise : undefined));
    const first = uploader.add([randomFile(4 * CHUNK, '听写.zip')]).accepted[0]!;
    await until(() => service.chunksSent().includes(1));

    uploader.configure({ rules: { allowedExtensions: 'pdf', maxCount: 3 }, businessCode: 600005, chunkSize: 2 * CHUNK });
    const refused = uploader.add([randomFile(CHUNK, '又一个.zip')]);
    expect(refused.accepted).toEqual([]);
    expect(refused.notices.map((notice) => notice.code)).toEqual([4150001]);
    const second = uploader.add([randomFile(4 * CHUNK, '教案.pdf')]).accepted[0]!;
    gate.resolve();
    await uploader.idle();

    expect(fileOf(uploader, first)).toMatchObject({ status: 'done' });
    expect(fileOf(uploader, second)).toMatchObject({ status: 'done' });
    const blocks = service.seen.filter((request) => request.kind === 'block');
    const codesOf = (chunks: string) => [...new Set(blocks.filter((request) => request.body.chunks === chunks).map((request) => request.body.businessCode))];
    // The first file: 4 chunks of CHUNK with the old code; the second: 2 chunks of 2 × CHUNK with the new one.
    expect(codesOf('4')).toEqual(['600001']);
    expect(codesOf('2')).toEqual(['600005']);
  });

  it('leaves what the change does not name as it was', async () => {
    const { uploader, service } = createHarness({ businessCode: 600002 });
    uploader.configure({ requireH264: false });
    uploader.add([randomFile(CHUNK, '安装包.zip')]);
    await uploader.idle();
    expect(service.seen.filter((request) => request.kind === 'block').map((request) => request.body.businessCode)).toEqual(['600002']);
  });
});
