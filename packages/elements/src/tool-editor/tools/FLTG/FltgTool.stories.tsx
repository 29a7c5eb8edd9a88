import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import fltgTool from './index.js';
import { ToolStory, toolStoryArgTypes } from '../shared/ToolStory.js';

const meta = {
  title: 'Tools/四线三格 田字格 FLTG',
  id: 'tools-fltg',
  component: ToolStory,
  args: { tool: fltgTool, mode: 'edit', locale: 'zh-CN' },
  argTypes: toolStoryArgTypes,
} satisfies Meta<typeof ToolStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TianGrid: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.sheet-row')).toHaveLength(5);
    await within(canvasElement).findAllByText('xiǎo');
  },
};

export const MiGrid: Story = {
  args: { doc: { tool: 'FLTG', version: 1, data: { title: '米字格练习', chars: '春眠不觉晓', grid: 'mi', traces: 2, overrides: {} } } },
};

export const TwoPages: Story = {
  args: { doc: { tool: 'FLTG', version: 1, data: { title: '第一单元 生字', chars: '天地人你我他上下左右', grid: 'tian', traces: 3, overrides: {} } } },
};

export const View: Story = { args: { mode: 'view' } };
export const English: Story = { args: { locale: 'en' } };
