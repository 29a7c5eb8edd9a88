import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createPlatform } from '@dscloud/sdk';
import { createFakeServer, createMemoryStorage, ok } from '@dscloud/sdk/testing';
import { PlatformProvider } from '../shared/PlatformContext.js';
import { HelpWidget, type HelpWidgetProps } from './HelpWidget.js';
import { configAnswer, FULL_SETTINGS } from './helpWidgetTestKit.js';
import { memoryOpenMemory } from './openMemory.js';

interface StoryArgs extends HelpWidgetProps {
  /** Which settings the in-memory server answers. */
  settings: 'full' | 'minimal';
  /** Whether someone is signed in (意见反馈 opens the form instead of the login question). */
  signedIn: boolean;
  /** Whether the widget was left open. */
  leftOpen: boolean;
}

const MINIMAL = { 'common.platform.areaCode': 'dsideal', 'common.platform.name': '东山市教育云校' };

function WidgetStory({ settings, signedIn, leftOpen, ...props }: StoryArgs) {
  const { platform, memory } = useMemo(() => {
    const server = createFakeServer()
      .on('POST', '/base/v1/globalConfig/list', configAnswer(settings === 'full' ? FULL_SETTINGS : MINIMAL))
      .on('POST', '/cloudSchool/v1/feedback/save', () => ok({ id: 'story-feedback' }))
      .on('GET', '/file/v1/file/config', () => ok({ uploadExtensions: 'png,jpg,jpeg', uploadChunkSize: 10485760, uploadMaxSize: 100, mobileUploadVideoMaxSize: 100, fileServerPath: '', extensions: [] }));
    const made = createPlatform({ apiBase: '', adapter: server.adapter, storage: createMemoryStorage(), notify: () => undefined });
    if (signedIn) made.session.setLogin({ token: 'story-token', expire: 7200 });
    return { platform: made, memory: memoryOpenMemory(leftOpen) };
  }, [settings, signedIn, leftOpen]);
  return (
    <PlatformProvider platform={platform}>
      <div style={{ minHeight: 560 }}>
        <HelpWidget memory={memory} {...props} />
      </div>
    </PlatformProvider>
  );
}

const meta = {
  title: 'Elements/ds-help-widget',
  component: WidgetStory,
  args: { settings: 'full', signedIn: false, leftOpen: false, lang: 'zh-CN', onToggle: fn(), onLogin: fn(), onFeedbackSent: fn() },
  argTypes: {
    settings: { control: 'inline-radio', options: ['full', 'minimal'] },
    lang: { control: 'inline-radio', options: ['zh-CN', 'en'] },
    memory: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component:
          'The floating help widget, as `<HelpWidget>` for React hosts and `<ds-help-widget>` for any page (bottom right). Settings come from an in-memory server; QR images and videos point at `/static/help/*`, which Storybook does not serve.',
      },
    },
  },
} satisfies Meta<typeof WidgetStory>;

export default meta;
type Story = StoryObj<typeof meta>;

// Lazy parts may take a while on a busy machine: wait longer than testing-library's default second.
const slow = { timeout: 15000 };

const open = async (canvasElement: HTMLElement, item?: string) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: /帮助|Help/ }, slow));
  if (item) await userEvent.click(await canvas.findByRole('button', { name: item }, slow));
};

/** Collapsed: only the 帮助 button (the whole first load). */
export const Collapsed: Story = {};

/** Opened: every item the settings fill in, the hotline numbers shown. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await open(canvasElement, '客服热线');
    await waitFor(() => expect(canvasElement.textContent).toContain('0571-88880001'), slow);
  },
};

/** Left open before: opens that way. Settings that name no QR, video or hotline: 帮助中心 and 意见反馈 only. */
export const OpenWithMinimalSettings: Story = { args: { leftOpen: true, settings: 'minimal' } };

/** 微信端: the QR code and the operation video in a dialog. */
export const WeChatDialog: Story = { play: async ({ canvasElement }) => open(canvasElement, '微信端') };

/** TV端: a QR code without a video. */
export const TvDialog: Story = { play: async ({ canvasElement }) => open(canvasElement, 'TV端') };

/** A visitor chose 意见反馈. */
export const VisitorFeedback: Story = { play: async ({ canvasElement }) => open(canvasElement, '意见反馈') };

/** A signed-in user's feedback form. */
export const FeedbackForm: Story = { args: { signedIn: true }, play: async ({ canvasElement }) => open(canvasElement, '意见反馈') };

/** The form refused an empty content. */
export const FeedbackInvalid: Story = {
  args: { signedIn: true },
  play: async ({ canvasElement }) => {
    await open(canvasElement, '意见反馈');
    await userEvent.click(await within(canvasElement).findByRole('button', { name: '提交' }, slow));
  },
};

/** The feedback was sent. */
export const FeedbackSent: Story = {
  args: { signedIn: true },
  play: async ({ canvasElement }) => {
    await open(canvasElement, '意见反馈');
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('反馈内容', undefined, slow), '希望增加夜间模式');
    await userEvent.click(canvas.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(canvasElement.textContent).toContain('反馈已提交'), slow);
  },
};

/** English labels (`lang="en"`). */
export const English: Story = { args: { lang: 'en', leftOpen: true } };
