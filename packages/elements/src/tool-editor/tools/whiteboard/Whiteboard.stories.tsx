import type { Meta, StoryObj } from '@storybook/react-vite';
import { waitFor } from 'storybook/test';
import whiteboardTool from './index.js';
import { ToolStory, toolStoryArgTypes } from '../shared/ToolStory.js';

const meta = {
  title: 'Tools/白板 whiteboard',
  id: 'tools-whiteboard',
  component: ToolStory,
  args: { tool: whiteboardTool, mode: 'edit', locale: 'zh-CN' },
  argTypes: toolStoryArgTypes,
} satisfies Meta<typeof ToolStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Excalidraw has loaded (its own lazy part) and drawn its canvas. */
const loaded = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await waitFor(() => {
    if (!canvasElement.querySelector('canvas.interactive')) throw new Error('Excalidraw has not drawn yet');
  }, { timeout: 20000 });
};

const scene = {
  tool: 'whiteboard' as const,
  version: 1 as const,
  data: {
    elements: [
      { id: 'note', type: 'text', x: 80, y: 80, width: 160, height: 35, angle: 0, strokeColor: '#1e1e1e', backgroundColor: 'transparent', fillStyle: 'solid', strokeWidth: 2, strokeStyle: 'solid', roughness: 1, opacity: 100, groupIds: [], frameId: null, roundness: null, seed: 1, version: 1, versionNonce: 1, isDeleted: false, boundElements: null, updated: 1, link: null, locked: false, text: '春眠不觉晓', fontSize: 28, fontFamily: 5, textAlign: 'left', verticalAlign: 'top', containerId: null, originalText: '春眠不觉晓', autoResize: true, lineHeight: 1.25 },
    ],
    appState: { viewBackgroundColor: '#ffffff' },
    files: {},
  },
};

export const Empty: Story = { play: loaded };
export const SavedScene: Story = { args: { doc: scene }, play: loaded };
export const View: Story = { args: { mode: 'view', doc: scene }, play: loaded };
export const English: Story = { args: { locale: 'en' } };
