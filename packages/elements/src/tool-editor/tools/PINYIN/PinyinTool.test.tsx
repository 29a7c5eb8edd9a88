import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import pinyinTool from './index.js';
import { mountTool, reopenedJson, type MountedTool } from '../shared/toolTestKit.js';
import { waitFor } from '../../../test/waitFor.js';
import type { PinyinData } from './pinyinDoc.js';

const readings = (t: MountedTool) => [...t.host.querySelectorAll('.py-cell')].map((c) => c.querySelector('select')?.value ?? c.querySelector('.py-reading')?.textContent ?? '');

describe('PINYIN tool (pinyin-pro + hanzi-writer)', () => {
  let tool: MountedTool | undefined;
  afterEach(() => tool?.unmount());

  it('gives 春眠不觉晓 its tones, with 觉 offered as a 多音字', async () => {
    tool = mountTool(pinyinTool, { doc: { tool: 'PINYIN', version: 1, data: { text: '春眠不觉晓', overrides: {} } } });
    expect(readings(tool)).to.deep.equal(['chūn', 'mián', 'bù', 'jué', 'xiǎo']);
    const jue = tool.host.querySelector<HTMLSelectElement>('select[aria-label^="「觉」"]')!;
    expect([...jue.options].map((o) => o.value)).to.include.members(['jué', 'jiào']);
  });

  it('keeps the teacher\'s reading of a 多音字 and reopens byte-equal', async () => {
    tool = mountTool(pinyinTool, { doc: { tool: 'PINYIN', version: 1, data: { text: '睡觉', overrides: {} } } });
    const jue = tool.host.querySelector<HTMLSelectElement>('select')!;
    expect(jue.value).to.equal('jiào');
    // A native <select>: its keyboard behaviour is the browser's; choose the reading as it would.
    jue.value = 'jué';
    jue.dispatchEvent(new Event('change', { bubbles: true }));
    const doc = await tool.lastDoc();
    expect((doc.data as PinyinData).overrides).to.deep.equal({ '1': 'jué' });
    expect(pinyinTool.check(doc)).to.equal(undefined);
    tool.unmount();
    tool = undefined;
    expect(await reopenedJson(pinyinTool, doc)).to.equal(JSON.stringify(doc));
    tool = mountTool(pinyinTool, { doc, mode: 'view' });
    expect(readings(tool)).to.deep.equal(['shuì', 'jué']);
    expect(tool.host.querySelector('textarea, select')).to.equal(null);
  });

  it('loads stroke data from our own server and animates the stroke order', async () => {
    const before = performance.getEntriesByType('resource').length;
    tool = mountTool(pinyinTool, { doc: { tool: 'PINYIN', version: 1, data: { text: '永', overrides: {} } } });
    await waitFor(() => tool!.host.querySelector('.py-writer[data-status=ready] svg path'));
    const fetched = performance.getEntriesByType('resource').slice(before).map((e) => e.name);
    expect(fetched.some((u) => u.startsWith(`${location.origin}/tool-assets/hanzi/`))).to.equal(true);
    expect(fetched.every((u) => u.startsWith(location.origin))).to.equal(true);
    tool.host.querySelector<HTMLButtonElement>('.py-buttons button')!.click();
    await waitFor(() => tool!.host.querySelector('.py-writer[data-status=animating]'));
    await waitFor(() => tool!.host.querySelector('.py-writer[data-status=ready]'), { timeout: 15000 });
  });

  it('typing updates the pinyin and the document; SVG export carries the pinyin', async () => {
    tool = mountTool(pinyinTool, { doc: { tool: 'PINYIN', version: 1, data: { text: '', overrides: {} } } });
    tool.host.querySelector('textarea')!.focus();
    await sendKeys({ type: '你好' });
    await waitFor(() => readings(tool!).join(' ') === 'nǐ hǎo');
    expect(((await tool.lastDoc()).data as PinyinData).text).to.equal('你好');
    const svg = await (await tool.handle().exportAs!('svg')).text();
    expect(svg).to.contain('nǐ').and.to.contain('hǎo');
    expect(pinyinTool.check({ tool: 'PINYIN', version: 1, data: { text: 3 } })).to.contain('text');
  });
});
