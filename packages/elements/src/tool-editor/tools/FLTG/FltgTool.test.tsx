import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import fltgTool from './index.js';
import { mountTool, reopenedJson, type MountedTool } from '../shared/toolTestKit.js';
import { waitFor } from '../../../test/waitFor.js';
import { printDocument } from './practiceSheet.js';
import type { FltgData } from './fltgDoc.js';

const sheetPinyin = (t: MountedTool) => [...t.host.querySelectorAll('.fl-preview .page text.sheet-pinyin[fill="#000"]')].map((e) => e.textContent);

describe('FLTG tool (四线三格 / 田字格 practice sheets)', () => {
  let tool: MountedTool | undefined;
  afterEach(() => tool?.unmount());

  it('the sheet for 春眠不觉晓 gives chūn mián bù jué xiǎo, one row of boxes per character', async () => {
    tool = mountTool(fltgTool);
    expect(sheetPinyin(tool)).to.deep.equal(['chūn', 'mián', 'bù', 'jué', 'xiǎo']);
    expect(tool.host.querySelectorAll('.fl-preview .sheet-row')).to.have.length(5);
    // 田字格: a box with its two dashed middle lines; three grey copies to trace after the model.
    const firstRow = tool.host.querySelector('.fl-preview .sheet-row')!;
    expect(firstRow.querySelectorAll('rect')).to.have.length(10);
    expect([...firstRow.querySelectorAll('text.sheet-char')].map((t) => t.getAttribute('fill'))).to.deep.equal(['#000', '#bbb', '#bbb', '#bbb']);
  });

  it('switches to 米字格 from the keyboard; the document reopens byte-equal', async () => {
    tool = mountTool(fltgTool);
    const tian = tool.host.querySelector<HTMLInputElement>('input[type=radio]')!;
    tian.focus();
    await sendKeys({ press: 'ArrowDown' });
    const doc = await tool.lastDoc();
    expect((doc.data as FltgData).grid).to.equal('mi');
    // 米字格 adds the two diagonals: 4 dashed lines per box.
    await waitFor(() => tool!.host.querySelector('.fl-preview .sheet-row')!.querySelectorAll('line[stroke-dasharray]').length === 40);
    tool.unmount();
    tool = undefined;
    expect(await reopenedJson(fltgTool, doc)).to.equal(JSON.stringify(doc));
  });

  it('builds from a typed 生字表 and paginates onto A4 pages with @page margins', async () => {
    tool = mountTool(fltgTool, { doc: { tool: 'FLTG', version: 1, data: { title: '第一课', chars: '', grid: 'tian', traces: 2, overrides: {} } } });
    tool.host.querySelector('textarea')!.focus();
    await sendKeys({ type: '天地人你我他上下左右' });
    await waitFor(() => sheetPinyin(tool!).length === 10);
    expect(sheetPinyin(tool).slice(0, 3)).to.deep.equal(['tiān', 'dì', 'rén']);
    expect(tool.host.querySelectorAll('.fl-preview .page')).to.have.length(2);
    const svg = tool.host.querySelector('.fl-preview .page svg')!;
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).to.deep.equal(['186mm', '267mm']);
    const html = printDocument('第一课', ['<svg></svg>']);
    expect(html).to.contain('@page { size: A4 portrait; margin: 15mm 12mm; }');
    const png = await tool.handle().exportAs!('png');
    expect(png.type).to.equal('image/png');
    expect(fltgTool.check({ tool: 'FLTG', version: 1, data: { title: '', chars: '', grid: 'x', traces: 1, overrides: {} } })).to.contain('grid');
  });
});
