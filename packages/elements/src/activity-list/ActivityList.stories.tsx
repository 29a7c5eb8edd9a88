import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { createPlatform } from '@dscloud/sdk';
import { ActivityStatus, type ActivitySummary } from '@dscloud/sdk/activities';
import { createFakeServer, createMemoryStorage, fail, ok, type FakeHandler } from '@dscloud/sdk/testing';
import { PlatformProvider } from '../shared/PlatformContext.js';
import { ActivityList, type ActivityListProps } from './ActivityList.js';

const H = 3600_000;
const D = 24 * H;

/** Activities around the moment the story opens, so the countdowns run live. */
function demoActivities(now: number): ActivitySummary[] {
  const base = { orgId: 'org-city', orgName: '东山市教育局', activitySystem: 1, activitySystemName: '精品课', status: ActivityStatus.PUBLISHED, coverUrl: '', publishTime: now - 3 * D, version: 1 };
  const windows = (signUpStart: number, signUpEnd: number, uploadEnd: number, auditEnd: number) => ({
    signUpStartTime: signUpStart,
    signUpEndTime: signUpEnd,
    uploadStartTime: signUpStart,
    uploadEndTime: uploadEnd,
    auditStartTime: uploadEnd,
    auditEndTime: auditEnd,
  });
  return [
    { ...base, ...windows(now - 2 * D, now + 2 * D + 3 * H, now + 20 * D, now + 30 * D), activityId: 'ac-1', name: '2026 年基础教育精品课遴选', phase: 'upload', phaseEndTime: now + 20 * D, stages: [{ stage: 2, stageName: '小学' }, { stage: 3, stageName: '初中' }], subjects: [{ subjectCode: 1, subjectName: '语文' }, { subjectCode: 2, subjectName: '数学' }], signUpCount: 128, workCount: 37 },
    { ...base, ...windows(now + 5 * H, now + 7 * D, now + 14 * D, now + 21 * D), activityId: 'ac-2', name: '初中英语微课征集', activitySystem: 3, activitySystemName: '微课', phase: 'notStarted', phaseEndTime: null, stages: [{ stage: 3, stageName: '初中' }], subjects: [{ subjectCode: 3, subjectName: '英语' }], signUpCount: 0, workCount: 0 },
    { ...base, ...windows(now - 40 * D, now - 30 * D, now - 20 * D, now + 26 * H + 15 * 60_000), activityId: 'ac-3', name: '高中物理实验优课', activitySystem: 2, activitySystemName: '优课', orgName: '东山市第一中学', phase: 'review', phaseEndTime: now + 26 * H, stages: [{ stage: 4, stageName: '高中' }], subjects: [{ subjectCode: 6, subjectName: '物理' }], signUpCount: 24, workCount: 21 },
    { ...base, ...windows(now - 90 * D, now - 80 * D, now - 70 * D, now - 60 * D), activityId: 'ac-4', name: '2025 年秋季精品课', phase: 'ended', phaseEndTime: null, stages: [{ stage: 2, stageName: '小学' }], subjects: [{ subjectCode: 2, subjectName: '数学' }], signUpCount: 301, workCount: 254 },
  ];
}

const never = () => new Promise<never>(() => undefined);

interface StoryArgs extends ActivityListProps {
  /** What the in-memory server answers to `publish/list`. */
  answer: 'activities' | 'many' | 'empty' | 'error' | 'pending';
}

function handlerFor(answer: StoryArgs['answer']): FakeHandler {
  if (answer === 'pending') return never;
  if (answer === 'error') return () => fail(500, '服务器内部错误');
  const rows = answer === 'empty' ? [] : answer === 'many' ? Array.from({ length: 3 }, (_, i) => demoActivities(Date.now()).map((a) => ({ ...a, activityId: `${a.activityId}-${i}`, name: `${a.name}（${i + 1}）` }))).flat() : demoActivities(Date.now());
  return ({ query }) => {
    const pageNum = Number(query.pageNum);
    const pageSize = Number(query.pageSize);
    return ok({ rows: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: rows.length, pageNum, pageSize });
  };
}

function ListStory({ answer, ...props }: StoryArgs) {
  const platform = useMemo(() => {
    const server = createFakeServer().on('GET', '/cloudSchool/v1/resourceCollectActivity/publish/list', handlerFor(answer));
    return createPlatform({ apiBase: '', adapter: server.adapter, storage: createMemoryStorage(), notify: () => undefined });
  }, [answer]);
  return (
    <PlatformProvider platform={platform}>
      <div style={{ maxWidth: 1100 }}>
        <ActivityList {...props} />
      </div>
    </PlatformProvider>
  );
}

const meta = {
  title: 'Elements/ds-activity-list',
  component: ListStory,
  args: { answer: 'activities', lang: 'zh-CN', pageSize: 12, onSelect: fn() },
  argTypes: {
    answer: { control: 'inline-radio', options: ['activities', 'many', 'empty', 'error', 'pending'] },
    lang: { control: 'inline-radio', options: ['zh-CN', 'en'] },
    status: { control: 'select', options: [undefined, 'notStarted', 'signUp', 'upload', 'review', 'ended'] },
    clock: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component:
          'Published resource-collection activities, as `<ActivityList>` for React hosts and `<ds-activity-list>` for any page. The countdowns run on the browser clock; the list comes from an in-memory server.',
      },
    },
  },
} satisfies Meta<typeof ListStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Activities in each phase: running countdowns, 报名 while sign-up is open, 查看 otherwise. */
export const Activities: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[part="card"]').length).toBe(4));
  },
};

/** Before the first page arrives. */
export const Loading: Story = { args: { answer: 'pending' } };

/** Nothing published for the organisation. */
export const Empty: Story = { args: { answer: 'empty' } };

/** The list could not be loaded: the server's message and 重试. */
export const LoadError: Story = { args: { answer: 'error' } };

/** More activities than fit a page: 上一页 / 下一页. */
export const Paging: Story = {
  args: { answer: 'many', pageSize: 4 },
  play: async ({ canvasElement }) => {
    const next = await waitFor(() => {
      const button = [...canvasElement.querySelectorAll('button')].find((b) => b.textContent === '下一页');
      void expect(button).toBeDefined();
      return button!;
    });
    next.click();
    await waitFor(() => expect(canvasElement.textContent).toContain('第 2 / 3 页'));
  },
};

/** `portal-url` set: the actions are links to the portal's activity pages. */
export const PortalLinks: Story = { args: { portalUrl: 'https://platform.example/' } };

/** An unknown `status` value: the error names it. */
export const InvalidStatus: Story = { args: { status: 'open' } };

/** English labels (`lang="en"`). */
export const English: Story = { args: { lang: 'en' } };
