import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PlatformProvider } from '../shared/PlatformContext.js';
import { chooseFiles, storyFile, storySeams, storyUploadPlatform, type StoryScenario } from './storyEngine.js';
import { Uploader, type UploaderProps } from './Uploader.js';

interface StoryArgs extends UploaderProps {
  scenario: StoryScenario;
}

/** A fresh fake platform and engine per story: no server, and no story leaks into the next. */
function UploaderStory({ scenario, ...props }: StoryArgs) {
  const platform = useMemo(() => storyUploadPlatform(), []);
  const engine = useMemo(() => storySeams(scenario), [scenario]);
  return (
    <PlatformProvider platform={platform}>
      <div style={{ width: 560 }}>
        <Uploader {...props} engine={engine} />
      </div>
    </PlatformProvider>
  );
}

const meta = {
  title: 'Elements/ds-uploader',
  component: UploaderStory,
  args: {
    scenario: {},
    lang: 'zh-CN',
    multiple: true,
    onProgress: fn(),
    onComplete: fn(),
    onError: fn(),
    onRemoved: fn(),
  },
  argTypes: {
    lang: { control: 'inline-radio', options: ['zh-CN', 'en'] },
    scenario: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component:
          'The uploader, as `<Uploader>` for React hosts and `<ds-uploader>` for any page. Stories run the real upload engine on a fake file service and a fake MD5: no server needed.',
      },
    },
  },
} satisfies Meta<typeof UploaderStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waits for the picker (the file config loads first), then chooses files. */
async function choose(canvasElement: HTMLElement, files: File[]) {
  const canvas = within(canvasElement);
  await waitFor(() => expect(canvas.getByRole('button', { name: /选择文件|Choose files/ })).not.toHaveAttribute('aria-disabled'));
  chooseFiles(canvasElement, files);
}

export const Idle: Story = {};

export const Dragging: Story = {
  play: async ({ canvasElement }) => {
    const zone = canvasElement.querySelector('.ds-uploader__drop')!;
    const transfer = new DataTransfer();
    transfer.items.add(storyFile('微课.mp4', 0.01, 'video/mp4'));
    zone.dispatchEvent(new DragEvent('dragenter', { bubbles: true, dataTransfer: transfer }));
    await expect(await within(canvasElement).findByText('松开鼠标即可添加文件')).toBeVisible();
  },
};

export const Validating: Story = {
  args: { scenario: { mp4Pending: true } },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [storyFile('第三单元 微课.mp4', 12, 'video/mp4')]);
    await within(canvasElement).findByText('检查视频编码');
  },
};

export const Hashing: Story = {
  args: { scenario: { hashStallAt: 0.42 } },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [storyFile('期中复习课件.pptx', 36)]);
    await within(canvasElement).findByText('计算MD5 42%');
  },
};

export const Uploading: Story = {
  args: { scenario: { stallAfterChunks: 3 } },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [storyFile('公开课实录.mp4', 48)]);
    await within(canvasElement).findByText(/上传中 \d+%/);
    await within(canvasElement).findByText(/\/秒/, undefined, { timeout: 5000 });
  },
};

export const Paused: Story = {
  args: { scenario: { stallAfterChunks: 2 } },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [storyFile('公开课实录.mp4', 30)]);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^暂停/ }));
    await canvas.findByText('已暂停');
    await expect(canvas.getByRole('button', { name: /^继续/ })).toBeVisible();
  },
};

export const WaitingForNetwork: Story = {
  args: { scenario: { offlineAfterChunks: 3 } },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [storyFile('公开课实录.mp4', 30)]);
    const canvas = within(canvasElement);
    await canvas.findByText('网络已断开，恢复后自动继续');
    await expect(canvas.getByRole('button', { name: /^暂停/ })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^重试/ })).toBeNull();
  },
};

export const Failed: Story = {
  args: { scenario: { refuseWith: 2510109 } },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [storyFile('作业讲评.pdf', 3)]);
    const canvas = within(canvasElement);
    await canvas.findByText(/^失败：/);
    await expect(canvas.getByRole('button', { name: /^重试/ })).toBeVisible();
  },
};

export const Done: Story = {
  play: async ({ canvasElement, args }) => {
    await choose(canvasElement, [storyFile('教学设计.docx', 7)]);
    await within(canvasElement).findByText('已完成');
    await waitFor(() => expect(args.onComplete).toHaveBeenCalled());
  },
};

export const InstantDone: Story = {
  args: { scenario: { exists: true } },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [storyFile('校本教材.pdf', 20)]);
    await within(canvasElement).findByText('秒传完成');
  },
};

export const ValidationNotices: Story = {
  args: { maxCount: 2, maxSize: '10mb' },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [
      storyFile('病毒.exe', 1),
      storyFile('空白.pdf', 0),
      storyFile('大视频.mp4', 11),
      storyFile('一.jpg', 1),
      storyFile('二.jpg', 1),
      storyFile('三.jpg', 1),
    ]);
    const canvas = within(canvasElement);
    await canvas.findByText('已排除不符合上传格式的文件');
    await expect(canvas.getByText('请上传大于0KB的文件')).toBeVisible();
    await expect(canvas.getByText('每个文件不能超过10MB')).toBeVisible();
    await expect(canvas.getByText('已达到最大上传数量')).toBeVisible();
  },
};

export const English: Story = {
  args: { lang: 'en', scenario: { stallAfterChunks: 1 } },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [storyFile('lesson.mp4', 20), storyFile('notes.exe', 1)]);
    const canvas = within(canvasElement);
    await canvas.findByText('Files not matching the allowed upload formats were excluded');
    await canvas.findByText(/Uploading \d+%/);
  },
};
