import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import pinyinTool from './index.js';
import { ToolStory, toolStoryArgTypes } from '../shared/ToolStory.js';

const meta = {
  title: 'Tools/拼音 PINYIN',
  id: 'tools-pinyin',
  component: ToolStory,
  args: { tool: pinyinTool, mode: 'edit', locale: 'zh-CN' },
  argTypes: toolStoryArgTypes,
} satisfies Meta<typeof ToolStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Edit: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('chūn')).toBeVisible();
  },
};

/** 觉 read jiào in 睡觉 by the dictionary; the teacher chose jué (shown in red). */
export const PolyphoneOverride: Story = {
  args: { doc: { tool: 'PINYIN', version: 1, data: { text: '睡觉', overrides: { '1': 'jué' } } } },
};

export const View: Story = { args: { mode: 'view' } };
export const English: Story = { args: { locale: 'en' } };
