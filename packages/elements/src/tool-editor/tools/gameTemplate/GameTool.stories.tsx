import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import gameTool from './index.js';
import { ToolStory, toolStoryArgTypes } from '../shared/ToolStory.js';
import { emptyGameData, type GameData } from './gameDoc.js';
import type { ToolDocument } from '../../toolModule.js';

const doc = (patch: Partial<GameData>): ToolDocument => ({ tool: 'gameTemplate', version: 1, data: { ...emptyGameData(), ...patch } });
const meta = {
  title: 'Tools/游戏模板 gameTemplate',
  id: 'tools-game-template',
  component: ToolStory,
  args: { tool: gameTool, mode: 'edit', locale: 'zh-CN' },
  argTypes: toolStoryArgTypes,
} satisfies Meta<typeof ToolStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EditMatching: Story = {};
export const EditQuizIncomplete: Story = {
  args: { doc: doc({ kind: 'quiz', questions: [{ question: '', options: ['', ''], answer: -1 }] }) },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('第 1 题：请选择正确答案');
  },
};
export const PlayMatching: Story = { args: { mode: 'view', doc: doc({ kind: 'matching' }) } };
export const PlayOrdering: Story = { args: { mode: 'view', doc: doc({ kind: 'ordering' }) } };
export const PlayQuiz: Story = { args: { mode: 'view', doc: doc({ kind: 'quiz' }) } };
export const QuizResults: Story = {
  args: { mode: 'view', doc: doc({ kind: 'quiz' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByLabelText('孟浩然'));
    await userEvent.click(canvas.getByRole('button', { name: '交卷' }));
    await expect(await canvas.findByText('得分：1 / 1')).toBeVisible();
  },
};
export const English: Story = { args: { locale: 'en' } };
