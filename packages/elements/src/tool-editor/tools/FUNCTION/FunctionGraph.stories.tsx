import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import functionTool from './index.js';
import { ToolStory, toolStoryArgTypes } from '../shared/ToolStory.js';

const meta = {
  title: 'Tools/函数图像 FUNCTION',
  id: 'tools-function',
  component: ToolStory,
  args: { tool: functionTool, mode: 'edit', locale: 'zh-CN' },
  argTypes: toolStoryArgTypes,
} satisfies Meta<typeof ToolStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Edit: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/f1 ∩ f2: \(0, 0\)/);
  },
};

export const BadFormula: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('f1(x) =');
    await userEvent.clear(input);
    await userEvent.type(input, 'sin({Enter}');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('公式不完整：括号未闭合');
  },
};

export const Parabolas: Story = {
  args: {
    doc: {
      tool: 'FUNCTION',
      version: 1,
      data: {
        functions: [{ expr: 'a*x^2', color: '#1677ff' }, { expr: 'x+b', color: '#d4380d' }],
        params: [{ name: 'a', value: 0.5, min: -3, max: 3, step: 0.1 }, { name: 'b', value: 1, min: -5, max: 5, step: 0.5 }],
        view: { x: [-6, 6], y: [-4, 8] },
      },
    },
  },
};

export const View: Story = { args: { mode: 'view' } };
export const English: Story = { args: { locale: 'en' } };
