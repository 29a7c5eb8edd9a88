import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import gameTool from './index.js';
import { mountTool, reopenedJson, type MountedTool } from '../shared/toolTestKit.js';
import { waitFor } from '../../../test/waitFor.js';
import { emptyGameData, type GameData } from './gameDoc.js';
import type { ToolDocument } from '../../toolModule.js';

const gameDoc = (patch: Partial<GameData>): ToolDocument => ({ tool: 'gameTemplate', version: 1, data: { ...emptyGameData(), ...patch } });
const press = async (el: HTMLElement, key = 'Enter') => {
  el.focus();
  await sendKeys({ press: key });
};
const buttonByText = (t: MountedTool, selector: string, text: string) =>
  [...t.host.querySelectorAll<HTMLButtonElement>(selector)].find((b) => b.textContent === text)!;

describe('gameTemplate tool (matching, ordering, quiz)', () => {
  let tool: MountedTool | undefined;
  afterEach(() => tool?.unmount());

  it('the teacher fills a quiz; what is missing is named; the document reopens byte-equal', async () => {
    tool = mountTool(gameTool);
    const quiz = tool.host.querySelector<HTMLInputElement>('input[name=gt-kind][value=quiz]')!;
    quiz.click();
    await waitFor(() => ((tool!.docs.at(-1)?.data as GameData | undefined)?.kind === 'quiz'));
    buttonByText(tool, 'button', '＋ 添加一题').click();
    await waitFor(() => tool!.host.querySelector('.gt-problems')?.textContent?.includes('第 2 题：题目不能为空'));
    expect(tool.host.querySelector('.gt-problems')!.textContent).to.contain('第 2 题：请选择正确答案');
    expect(tool.host.querySelector('.gt-not-ready')).to.not.equal(null);
    tool.host.querySelector<HTMLInputElement>('input[aria-label="第 2 题题目"]')!.focus();
    await sendKeys({ type: '一年有几个季节？' });
    tool.host.querySelector<HTMLInputElement>('input[aria-label="第 2 题选项 1"]')!.focus();
    await sendKeys({ type: '四' });
    tool.host.querySelector<HTMLInputElement>('input[aria-label="第 2 题选项 2"]')!.focus();
    await sendKeys({ type: '三' });
    await press(tool.host.querySelector<HTMLInputElement>('input[name=gt-answer-1]')!, 'Space');
    await waitFor(() => !tool!.host.querySelector('.gt-problems li'));
    const doc = await tool.lastDoc();
    expect((doc.data as GameData).questions[1]).to.deep.equal({ question: '一年有几个季节？', options: ['四', '三'], answer: 0 });
    expect(gameTool.check(doc)).to.equal(undefined);
    tool.unmount();
    tool = undefined;
    expect(await reopenedJson(gameTool, doc)).to.equal(JSON.stringify(doc));
  });

  it('students play 连连看 from the keyboard and see their result', async () => {
    tool = mountTool(gameTool, { mode: 'view', doc: gameDoc({ kind: 'matching' }) });
    expect(tool.host.querySelector('form')).to.equal(null);
    const pairs = emptyGameData().pairs;
    await press(buttonByText(tool, '.gt-left', pairs[0]!.left));
    await press(buttonByText(tool, '.gt-right', pairs[1]!.right));
    await waitFor(() => tool!.host.querySelector('.gt-feedback')?.textContent === '不对，再试试');
    for (const p of pairs) {
      await press(buttonByText(tool, '.gt-left', p.left));
      await press(buttonByText(tool, '.gt-right', p.right));
    }
    const results = await waitFor(() => tool!.host.querySelector('.gt-results'));
    expect(results.textContent).to.contain('得分：3 / 4').and.to.contain('配错 1 次');
    expect(tool.docs).to.have.length(0);
  });

  it('students put an ordering in order with Alt+arrows and get full marks', async () => {
    tool = mountTool(gameTool, { mode: 'view', doc: gameDoc({ kind: 'ordering', items: ['一', '十', '百'] }) });
    const texts = () => [...tool!.host.querySelectorAll('.gt-item span')].map((s) => s.textContent);
    expect(texts()).to.not.deep.equal(['一', '十', '百']);
    for (let guard = 0; guard < 6 && texts().join() !== '一,十,百'; guard++) {
      const list = texts();
      const wrong = list.findIndex((t, i) => t !== ['一', '十', '百'][i]);
      const from = list.indexOf(['一', '十', '百'][wrong]!);
      tool.host.querySelectorAll<HTMLElement>('.gt-item')[from]!.focus();
      await sendKeys({ down: 'Alt' });
      await sendKeys({ press: 'ArrowUp' });
      await sendKeys({ up: 'Alt' });
      await waitFor(() => texts().indexOf(list[from]!) === from - 1);
    }
    await press(tool.host.querySelector<HTMLButtonElement>('.gt-submit')!);
    const results = await waitFor(() => tool!.host.querySelector('.gt-results'));
    expect(results.textContent).to.contain('全部正确！').and.to.contain('得分：3 / 3');
  });

  it('students answer a quiz with the arrow keys; the results name the right answers', async () => {
    const questions = [
      { question: '1+1=?', options: ['1', '2'], answer: 1 },
      { question: '「春晓」的作者', options: ['孟浩然', '李白'], answer: 0 },
    ];
    tool = mountTool(gameTool, { mode: 'view', doc: gameDoc({ kind: 'quiz', questions }) });
    await press(tool.host.querySelector<HTMLInputElement>('.gt-option input')!, 'Space');
    await press(tool.host.querySelector<HTMLInputElement>('.gt-option input')!, 'ArrowDown');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => tool!.host.querySelector('legend')?.textContent?.includes('第 2 / 2 题'));
    await press(tool.host.querySelectorAll<HTMLInputElement>('.gt-option input')[1]!, 'Space');
    await sendKeys({ press: 'Enter' });
    const results = await waitFor(() => tool!.host.querySelector('.gt-results'));
    expect(results.textContent).to.contain('得分：1 / 2').and.to.contain('正确答案：孟浩然');
  });

  it('check() refuses a document of an unknown template', () => {
    expect(gameTool.check(gameDoc({ kind: 'bingo' as never }))).to.contain('kind');
  });
});
