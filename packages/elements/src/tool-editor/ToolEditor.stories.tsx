import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { createPlatform } from '@dscloud/sdk';
import { createFakeServer, createMemoryStorage, ok, type FakeRequest } from '@dscloud/sdk/testing';
import type { StageChild, WhiteboardResource } from '@dscloud/sdk/tools';
import { PlatformProvider } from '../shared/PlatformContext.js';
import { ToolEditor, type ToolEditorProps } from './ToolEditor.js';
import { createDraftStore } from './draftStore.js';

const book = { businessBookId: 'bk-1', businessBookLabel: '数学 三年级上册', businessEditionId: 'ed-1' };
const node = (id: string, label: string, children: StageChild[] = []): StageChild => ({ id, label, level: 'node', leaf: children.length === 0, ...book, children });
const chapter = node('ch-1', '第一单元 分数的初步认识', [node('n-1', '认识几分之一'), node('n-2', '几分之几'), node('n-3', '分数的简单计算')]);

function stage({ body }: FakeRequest) {
  const q = (body ?? {}) as { parentLevel?: string; parentId?: string; deep?: boolean };
  if (!q.parentLevel) return ok([{ id: 'ed-1', label: '人教版', level: 'edition', leaf: false, businessEditionId: 'ed-1' }]);
  if (q.parentLevel === 'edition') return ok([{ id: 'bk-1', label: book.businessBookLabel, level: 'book', leaf: false, ...book }]);
  if (q.parentLevel === 'book') return ok([chapter]);
  return ok(chapter.children);
}

const saved: WhiteboardResource = {
  businessWhiteboardResourceId: 'wb-demo',
  dataType: 'FILE',
  resourceType: 'WHITE_BOARD',
  businessType: 'MIND_MAPPING',
  tool: 'mindMap',
  title: '分数的初步认识',
  dataUrl: '/file/v1/file/download/1',
  fileInfoId: '1',
  dataSize: 300,
  ownerId: 'u-1',
  ownerName: '王老师',
  createTime: Date.now() - 3600_000,
  updateTime: Date.now() - 600_000,
  version: 3,
  nodeId: 'ch-1',
  nodeLabel: chapter.label,
  ...book,
};
const savedDoc = { tool: 'mindMap', version: 1, data: { nodeData: { id: 'root', topic: chapter.label, children: chapter.children!.map((c) => ({ id: c.id, topic: c.label })) } } };

function EditorStory(props: ToolEditorProps) {
  const platform = useMemo(() => {
    const server = createFakeServer()
      .on('POST', '/business/v1/stage/children', stage)
      .on('GET', '/business/v1/whiteboardResource/wb-demo', () => ok(saved))
      .on('GET', '/business/v1/whiteboardResource/wb-demo/document', () => ok(savedDoc));
    return createPlatform({ apiBase: '', adapter: server.adapter, storage: createMemoryStorage(), notify: () => undefined });
  }, []);
  const drafts = useMemo(() => {
    const kept = new Map<string, string>();
    return createDraftStore({ getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => void kept.set(k, v), removeItem: (k) => void kept.delete(k) });
  }, []);
  return (
    <PlatformProvider platform={platform}>
      <ToolEditor draftStore={drafts} {...props} />
    </PlatformProvider>
  );
}

const meta = {
  title: 'Elements/ds-tool-editor',
  component: EditorStory,
  args: { tool: 'mindMap', lang: 'zh-CN', mode: 'edit', nodeId: 'ch-1', nodeLabel: chapter.label, onSave: fn(), onChange: fn(), onError: fn() },
  argTypes: {
    tool: { control: 'select', options: ['mindMap', 'ELECTRONIC_COURSE', 'gameTemplate', 'whiteboard', 'PINYIN', 'FLTG', 'FUNCTION', 'other'] },
    mode: { control: 'inline-radio', options: ['edit', 'view'] },
    lang: { control: 'inline-radio', options: ['zh-CN', 'en'] },
  },
  parameters: {
    docs: {
      description: {
        component:
          'A teaching tool around one document saved as a whiteboard resource, as `<ToolEditor>` for React hosts and `<ds-tool-editor>` for any page. The curriculum and the saved document come from an in-memory server.',
      },
    },
  },
} satisfies Meta<typeof EditorStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new mind map for a chapter: 从章节生成 fills it in one click. */
export const NewMindMap: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.ds-tool-editor[data-ready]')).not.toBeNull(), { timeout: 10000 });
  },
};

/** A saved mind map reopened by its resource id. */
export const OpenedMindMap: Story = { args: { resourceId: 'wb-demo' } };

/** The saved mind map read only (`mode="view"`): no 保存, no 撤销/重做. */
export const ViewMode: Story = { args: { resourceId: 'wb-demo', mode: 'view' } };

/** The e-textbook node picker: edition → book → chapter → node. */
export const ETextbook: Story = { args: { tool: 'ELECTRONIC_COURSE' } };

/** A tool id that does not exist: the message names the attribute. */
export const UnknownTool: Story = { args: { tool: 'other' } };

/** English labels (`lang="en"`). */
export const English: Story = { args: { lang: 'en' } };
