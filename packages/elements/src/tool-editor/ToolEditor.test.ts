/**
 * <ds-tool-editor> in Chromium against the reference server: a mind map and an e-textbook selection
 * are made, saved (the tool-save upload, then POST), reopened from their resource id with the same
 * JSON; a save over a version another page stored first shows the conflict choice instead of
 * overwriting; a local draft is offered back after the editor was closed; a host frame's invalid JSON
 * is the conversion error, never a crash.
 */
import { expect } from 'chai';
import { waitFor } from '../test/waitFor.js';
import { $, $$, call, firstChapter, login, mountEditor, next, postSelection, ready, type PickedNode } from './toolEditorTestKit.js';
import type { ToolChangeDetail, ToolErrorDetail, ToolSaveDetail } from './toolEditorEvents.js';

let token: string;
let chapter: Awaited<ReturnType<typeof firstChapter>>;

const documentOf = async (id: string) => (await call<unknown>('GET', `/business/v1/whiteboardResource/${id}/document`, token)).data;
const selectionText = (el: HTMLElement) => $(el, '.ds-node-picker .selection')?.textContent ?? '';

before(async () => {
  token = await login('teacher');
  chapter = await firstChapter(token);
  localStorage.clear();
});
afterEach(() => {
  document.querySelectorAll('ds-tool-editor').forEach((el) => el.remove());
  localStorage.clear();
});

describe('<ds-tool-editor> mind map', () => {
  it('builds a map from a chapter, saves it and reopens the same JSON', async () => {
    const el = mountEditor({ tool: 'mindMap', 'node-id': chapter.nodeId, 'node-label': chapter.nodeLabel }, token);
    await ready(el);
    expect(el.getBoundingClientRect().height).to.equal(700);
    const changed = next<ToolChangeDetail>(el, 'ds-tool-change');
    const build = await waitFor(() => $$<HTMLButtonElement>(el, '.ds-mind-map-bar button').find((b) => b.textContent === '从章节生成' && !b.disabled));
    build.click();
    const made = (await changed).detail.doc;
    expect((made.data as { nodeData: { topic: string; children: unknown[] } }).nodeData.topic).to.equal(chapter.nodeLabel);
    await waitFor(() => $(el, '.ds-tool-editor[data-dirty]'), { message: 'unsaved' });

    const saved = next<ToolSaveDetail>(el, 'ds-tool-save');
    $<HTMLButtonElement>(el, '[part="save"]')!.click();
    const detail = (await saved).detail;
    expect(detail).to.include({ tool: 'mindMap', version: 1 });
    expect(detail.node?.nodeId).to.equal(chapter.nodeId);
    expect(JSON.stringify(await documentOf(detail.resourceId))).to.equal(JSON.stringify(made));
    await waitFor(() => !$(el, '.ds-tool-editor[data-dirty]') && $(el, '[part="status"]')?.textContent === '已保存');
    el.remove();

    const reopened = mountEditor({ tool: 'mindMap', 'resource-id': detail.resourceId }, token);
    await ready(reopened);
    await waitFor(() => $(reopened, '.ds-mind-map-canvas')?.textContent?.includes(chapter.nodeLabel), { message: 'the map shows the chapter' });
    expect($(reopened, '.ds-tool-editor[data-dirty]')).to.equal(null);
    expect($<HTMLInputElement>(reopened, '[part="title"]')!.value).to.match(/^未命名思维导图/);
  });

  it('undoes and redoes with Ctrl+Z and Ctrl+Y', async () => {
    const el = mountEditor({ tool: 'mindMap', 'node-id': chapter.nodeId, 'node-label': chapter.nodeLabel }, token);
    await ready(el);
    (await waitFor(() => $$<HTMLButtonElement>(el, '.ds-mind-map-bar button').find((b) => b.textContent === '从章节生成' && !b.disabled))).click();
    await waitFor(() => $(el, '.ds-tool-editor[data-dirty]'));
    const key = (k: string) => $(el, '.ds-tool-editor')!.dispatchEvent(new KeyboardEvent('keydown', { key: k, ctrlKey: true, bubbles: true, composed: true }));
    key('z');
    await waitFor(() => !$(el, '.ds-tool-editor[data-dirty]'), { message: 'undone' });
    expect($<HTMLButtonElement>(el, '[part="redo"]')!.disabled).to.equal(false);
    key('y');
    await waitFor(() => $(el, '.ds-tool-editor[data-dirty]'), { message: 'redone' });
  });
});

describe('<ds-tool-editor> e-textbook', () => {
  const selection = (): PickedNode => ({ businessEditionId: chapter.businessEditionId, businessBookId: chapter.businessBookId, businessBookLabel: chapter.businessBookLabel, nodeLabel: chapter.nodeLabel, nodeId: chapter.nodeId });

  it('picks edition → book → node with the keyboardable picker and saves the node selection', async () => {
    const el = mountEditor({ tool: 'ELECTRONIC_COURSE' }, token);
    await ready(el);
    const pick = async (index: number, value: string) => {
      const select = await waitFor(() => {
        const s = $$<HTMLSelectElement>(el, '.pickers select')[index];
        return s && Array.from(s.options).some((o) => o.value === value) ? s : null;
      }, { message: `option ${value}` });
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    };
    await pick(0, chapter.businessEditionId);
    await pick(1, chapter.businessBookId);
    const node = await waitFor(() => $$<HTMLButtonElement>(el, '[role="tree"] .node').find((b) => b.textContent === chapter.nodeLabel));
    node.click();
    await waitFor(() => selectionText(el).includes(chapter.nodeLabel));
    const saved = next<ToolSaveDetail>(el, 'ds-tool-save');
    $<HTMLButtonElement>(el, '[part="save"]')!.click();
    const id = (await saved).detail.resourceId;
    expect(await documentOf(id)).to.deep.equal({ tool: 'ELECTRONIC_COURSE', version: 1, data: { selection: selection() } });
  });

  it('shows the conversion error for a host frame that posts invalid JSON, and keeps working', async () => {
    const el = mountEditor({ tool: 'ELECTRONIC_COURSE' }, token);
    await ready(el);
    const errored = next<ToolErrorDetail>(el, 'ds-tool-error');
    const reply = new Promise<MessageEvent>((resolve) => window.addEventListener('message', (e) => (e.data as { type?: string } | null)?.type === 'ds-etextbook-error' && resolve(e)));
    postSelection('{"nodeId": "n-1",');
    expect((await errored).detail.message).to.contain('数据转换失败');
    expect(((await reply).data as { code: number }).code).to.equal(4220303);
    await waitFor(() => $(el, '[part="problem"]')?.textContent?.includes('数据转换失败'));
    postSelection(JSON.stringify(selection()));
    await waitFor(() => selectionText(el).includes(chapter.nodeLabel), { message: 'a valid selection still works' });
  });

  it('offers a draft back after the editor was closed unsaved', async () => {
    const first = mountEditor({ tool: 'ELECTRONIC_COURSE' }, token);
    await ready(first);
    postSelection(JSON.stringify(selection()));
    await waitFor(() => $(first, '.ds-tool-editor[data-dirty]'));
    first.remove();
    const again = mountEditor({ tool: 'ELECTRONIC_COURSE' }, token);
    await ready(again);
    const restore = await waitFor(() => $$<HTMLButtonElement>(again, '[part="draft"] button').find((b) => b.textContent === '恢复草稿'), { message: 'draft offered' });
    expect(selectionText(again)).to.contain('尚未选择节点');
    restore.click();
    await waitFor(() => selectionText(again).includes(chapter.nodeLabel), { message: 'draft restored' });
    expect($(again, '.ds-tool-editor[data-dirty]')).to.not.equal(null);
  });

  /** A page saves an e-textbook selection of the chapter and goes away; the new resource's id. */
  async function savedSelection(): Promise<string> {
    const creator = mountEditor({ tool: 'ELECTRONIC_COURSE' }, token);
    await ready(creator);
    postSelection(JSON.stringify(selection()));
    await waitFor(() => $(creator, '.ds-tool-editor[data-dirty]'));
    const created = next<ToolSaveDetail>(creator, 'ds-tool-save');
    $<HTMLButtonElement>(creator, '[part="save"]')!.click();
    const id = (await created).detail.resourceId;
    creator.remove();
    return id;
  }

  it('never overwrites a version another page saved first: reload theirs or keep mine as a copy', async () => {
    const id = await savedSelection();

    const a = mountEditor({ tool: 'ELECTRONIC_COURSE', 'resource-id': id }, token);
    const b = mountEditor({ tool: 'ELECTRONIC_COURSE', 'resource-id': id }, token);
    await Promise.all([ready(a), ready(b)]);
    await waitFor(() => selectionText(a).includes(chapter.nodeLabel) && selectionText(b).includes(chapter.nodeLabel));
    // Both pages change the document (a host message reaches both); b saves first.
    postSelection(JSON.stringify({ ...selection(), nodeLabel: '第二个标签页' }));
    await waitFor(() => $(a, '.ds-tool-editor[data-dirty]') && $(b, '.ds-tool-editor[data-dirty]'));
    const bSaved = next<ToolSaveDetail>(b, 'ds-tool-save');
    $<HTMLButtonElement>(b, '[part="save"]')!.click();
    expect((await bSaved).detail.version).to.equal(2);

    $<HTMLButtonElement>(a, '[part="save"]')!.click();
    const conflict = await waitFor(() => $(a, '[part="conflict"]'), { message: 'conflict shown' });
    expect(conflict.textContent).to.contain('该文档已在其他页面修改');
    expect((await call<{ version: number }>('GET', `/business/v1/whiteboardResource/${id}`, token)).data.version).to.equal(2);

    const copy = next<ToolSaveDetail>(a, 'ds-tool-save');
    $$<HTMLButtonElement>(a, '[part="conflict"] button').find((x) => x.textContent === '保留我的，另存为副本')!.click();
    const copyId = (await copy).detail.resourceId;
    expect(copyId).to.not.equal(id);
    await waitFor(() => $<HTMLInputElement>(a, '[part="title"]')!.value.endsWith('（副本）'), { message: 'the copy is what the page edits now' });
    expect((await call<{ version: number }>('GET', `/business/v1/whiteboardResource/${id}`, token)).data.version).to.equal(2);
  });

  it('loads the version another page saved, on request, leaving nothing unsaved', async () => {
    const id = await savedSelection();

    const a = mountEditor({ tool: 'ELECTRONIC_COURSE', 'resource-id': id }, token);
    await ready(a);
    await waitFor(() => selectionText(a).includes(chapter.nodeLabel));
    // Another page stores version 2 first.
    const other = mountEditor({ tool: 'ELECTRONIC_COURSE', 'resource-id': id }, token);
    await ready(other);
    postSelection(JSON.stringify({ ...selection(), nodeLabel: '对方的版本' }));
    await waitFor(() => $(other, '.ds-tool-editor[data-dirty]') && $(a, '.ds-tool-editor[data-dirty]'));
    const otherSaved = next<ToolSaveDetail>(other, 'ds-tool-save');
    $<HTMLButtonElement>(other, '[part="save"]')!.click();
    await otherSaved;
    other.remove();

    $<HTMLButtonElement>(a, '[part="save"]')!.click();
    await waitFor(() => $(a, '[part="conflict"]'), { message: 'conflict shown' });
    $$<HTMLButtonElement>(a, '[part="conflict"] button').find((x) => x.textContent === '加载对方的版本')!.click();
    await waitFor(() => !$(a, '[part="conflict"]') && !$(a, '.ds-tool-editor[data-dirty]') && selectionText(a).includes('对方的版本'), { message: 'their version loaded' });
    expect((await call<{ version: number }>('GET', `/business/v1/whiteboardResource/${id}`, token)).data.version).to.equal(2);
  });

  it('says which tool attribute is wrong', async () => {
    const el = mountEditor({ tool: 'other' }, token);
    await waitFor(() => $(el, '[role="alert"]')?.textContent === 'tool 属性「other」无效');
  });
});
