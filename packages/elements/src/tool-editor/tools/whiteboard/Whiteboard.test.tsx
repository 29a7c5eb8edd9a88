import { expect } from 'chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { restoreElements } from '@excalidraw/excalidraw';
import whiteboardTool from './index.js';
import { mountTool, reopenedJson, type MountedTool } from '../shared/toolTestKit.js';
import { waitFor } from '../../../test/waitFor.js';
import type { WhiteboardData } from './whiteboardDoc.js';

const elementsOf = (t: MountedTool) => ((t.docs.at(-1)?.data as WhiteboardData | undefined)?.elements ?? []) as { type: string; text?: string }[];

describe('whiteboard tool (Excalidraw)', () => {
  let tool: MountedTool | undefined;
  afterEach(() => tool?.unmount());

  it('draws a rectangle and Chinese text; fonts come from our server; the scene reopens byte-equal', async function () {
    this.timeout(60000);
    const before = performance.getEntriesByType('resource').length;
    tool = mountTool(whiteboardTool);
    const canvas = await waitFor(() => tool!.host.querySelector<HTMLCanvasElement>('canvas.interactive'), { timeout: 30000 });
    const box = canvas.getBoundingClientRect();
    const at = (x: number, y: number): [number, number] => [Math.round(box.left + x), Math.round(box.top + y)];
    // Right of the properties panel that opens at the left when a tool is chosen.
    await sendMouse({ type: 'click', position: at(600, 500) });
    await sendKeys({ press: 'r' });
    await sendMouse({ type: 'move', position: at(400, 150) });
    await sendMouse({ type: 'down' });
    for (let step = 1; step <= 5; step++) await sendMouse({ type: 'move', position: at(400 + step * 24, 150 + step * 22) });
    await sendMouse({ type: 'up' });
    await waitFor(() => elementsOf(tool!).some((e) => e.type === 'rectangle'), { message: 'a rectangle in the document' });

    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 't' });
    await sendMouse({ type: 'click', position: at(450, 420) });
    await sendKeys({ type: '你好' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => elementsOf(tool!).some((e) => e.type === 'text' && e.text === '你好'), { message: 'the text in the document' });

    // Chinese is drawn with Excalidraw's Xiaolai font, fetched from our own origin; nothing from a CDN.
    await waitFor(() => performance.getEntriesByType('resource').slice(before).some((e) => e.name.includes('/tool-assets/excalidraw/fonts/Xiaolai/')), { message: 'the CJK font', timeout: 15000 });
    const fetched = performance.getEntriesByType('resource').slice(before).map((e) => e.name);
    expect(fetched.filter((u) => !u.startsWith(location.origin) && !u.startsWith('data:') && !u.startsWith('blob:'))).to.deep.equal([]);

    const doc = tool.docs.at(-1)!;
    expect(whiteboardTool.check(doc)).to.equal(undefined);
    // The saved elements are already in the form Excalidraw's restore gives an opened scene (a new
    // shape's `boundElements: null` is `[]`): reopening changes nothing, however soon it is exported.
    const elements = (doc.data as WhiteboardData).elements;
    expect(JSON.stringify(restoreElements(elements as never, null, { repairBindings: true }))).to.equal(JSON.stringify(elements));
    const svg = await (await tool.handle().exportAs!('svg')).text();
    expect(svg).to.contain('<svg').and.to.contain('你好');
    const png = await tool.handle().exportAs!('png');
    expect(png.type).to.equal('image/png');
    tool.unmount();
    tool = undefined;
    expect(await reopenedJson(whiteboardTool, doc)).to.equal(JSON.stringify(doc));
    // Reopened for editing, the scene is not reported as changed until someone edits it.
    tool = mountTool(whiteboardTool, { doc });
    await waitFor(() => tool!.host.querySelector('canvas.interactive'), { timeout: 30000 });
    await new Promise(requestAnimationFrame);
    expect(tool.docs).to.have.length(0);
  });

  it('opens a saved scene read-only in view mode without reporting a change', async function () {
    this.timeout(40000);
    const doc = { tool: 'whiteboard' as const, version: 1 as const, data: { elements: [], appState: { viewBackgroundColor: '#ffffff' }, files: {} } };
    tool = mountTool(whiteboardTool, { doc, mode: 'view' });
    await waitFor(() => tool!.host.querySelector('canvas.interactive'), { timeout: 30000 });
    expect(tool.host.querySelector('.App-toolbar')).to.equal(null);
    expect(tool.docs).to.have.length(0);
    expect(whiteboardTool.check({ tool: 'whiteboard', version: 1, data: { elements: [{}], appState: {}, files: {} } })).to.contain('elements');
  });
});
