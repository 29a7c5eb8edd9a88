import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import functionTool from './index.js';
import { mountTool, reopenedJson, type MountedTool } from '../shared/toolTestKit.js';
import { waitFor } from '../../../test/waitFor.js';
import type { FunctionData } from './functionDoc.js';

async function retype(input: HTMLInputElement, text: string) {
  input.focus();
  input.select();
  await sendKeys({ type: text });
  await sendKeys({ press: 'Enter' });
}
const formula = (t: MountedTool, i: number) => t.host.querySelectorAll<HTMLInputElement>('.fg-row input')[i]!;

describe('FUNCTION tool (function-plot)', () => {
  let tool: MountedTool | undefined;
  afterEach(() => tool?.unmount());

  it('plots the empty document with its points of intersection listed', async () => {
    tool = mountTool(functionTool);
    await waitFor(() => tool!.host.querySelectorAll('.fg-plot svg path.line').length >= 2);
    // 2 sin x = x/2 meets at x = 0 and at two symmetric points near ±3.6 (three more in [-10, 10]).
    const listed = [...tool.host.querySelectorAll('.fg-points li')].map((li) => li.textContent);
    expect(listed).to.include('f1 ∩ f2: (0, 0)');
    expect(listed.length).to.be.greaterThan(2);
  });

  it('refuses `sin(` with a message naming the unclosed parenthesis, and keeps the document', async () => {
    tool = mountTool(functionTool);
    await retype(formula(tool, 0), 'sin(');
    const alert = await waitFor(() => tool!.host.querySelector('[role=alert]'));
    expect(alert.textContent).to.contain('公式不完整：括号未闭合');
    expect(tool.errors.at(-1)).to.contain('括号未闭合');
    expect(tool.docs).to.have.length(0);
    expect(formula(tool, 0).getAttribute('aria-invalid')).to.equal('true');
    await retype(formula(tool, 0), 'foo(x)');
    await waitFor(() => tool!.host.querySelector('[role=alert]')?.textContent?.includes('未知的符号或函数「foo」'));
  });

  it('edits a formula and a parameter; the document reopens byte-equal', async () => {
    tool = mountTool(functionTool);
    await retype(formula(tool, 1), 'x^2-1');
    let doc = await tool.lastDoc();
    expect((doc.data as FunctionData).functions[1]!.expr).to.equal('x^2-1');
    const slider = tool.host.querySelector<HTMLInputElement>('input[type=range]')!;
    slider.focus();
    await sendKeys({ press: 'ArrowRight' });
    doc = await waitFor(() => (tool!.docs.length >= 2 ? tool!.docs.at(-1) : undefined));
    expect((doc.data as FunctionData).params[0]!.value).to.equal(2.1);
    expect(functionTool.check(doc)).to.equal(undefined);
    const saved = JSON.stringify(doc);
    tool.unmount();
    tool = undefined;
    expect(await reopenedJson(functionTool, doc)).to.equal(saved);
  });

  it('takes a valid formula typed without Enter once typing pauses (the document becomes unsaved), a bad one stays out', async () => {
    tool = mountTool(functionTool);
    const input = formula(tool, 1);
    input.focus();
    input.select();
    await sendKeys({ type: 'x^2+1' });
    const doc = await waitFor(() => tool!.docs.find((d) => (d.data as FunctionData).functions[1]!.expr === 'x^2+1'));
    expect(functionTool.check(doc)).to.equal(undefined);
    const count = tool.docs.length;
    await sendKeys({ type: '-(' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => tool!.host.querySelector('[role=alert]')?.textContent?.includes('括号未闭合'));
    expect(tool.docs.length).to.equal(count);
  });

  it('zooms and pans from the keyboard, and exports SVG and PNG', async () => {
    tool = mountTool(functionTool);
    const plot = tool.host.querySelector<HTMLElement>('.fg-plot')!;
    plot.focus();
    await sendKeys({ press: 'ArrowRight' });
    let doc = await tool.lastDoc();
    expect((doc.data as FunctionData).view.x).to.deep.equal([-8, 12]);
    await sendKeys({ press: '-' });
    doc = await waitFor(() => (tool!.docs.length >= 2 ? tool!.docs.at(-1) : undefined));
    expect((doc.data as FunctionData).view.x).to.deep.equal([-10.5, 14.5]);
    await waitFor(() => plot.querySelector('svg'));
    const svg = await tool.handle().exportAs!('svg');
    expect(svg.type).to.equal('image/svg+xml');
    expect(await svg.text()).to.match(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const png = await tool.handle().exportAs!('png');
    expect([...new Uint8Array(await png.slice(0, 4).arrayBuffer())]).to.deep.equal([0x89, 0x50, 0x4e, 0x47]);
  });

  it('check() refuses another tool\'s document and a broken one', () => {
    expect(functionTool.check({ tool: 'PINYIN', version: 1, data: {} })).to.contain('不属于此工具');
    expect(functionTool.check({ tool: 'FUNCTION', version: 1, data: { functions: [], params: [], view: { x: [1, 0], y: [0, 1] } } })).to.contain('view');
  });
});
