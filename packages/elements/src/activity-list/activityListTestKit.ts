import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createPlatform } from '@dscloud/sdk';
import { ActivityStatus, type ActivitySummary, type Page } from '@dscloud/sdk/activities';
import { createFakeClock, createFakeServer, createMemoryStorage, ok, type FakeClock, type FakeHandler, type FakeServer } from '@dscloud/sdk/testing';
import { PlatformProvider } from '../shared/PlatformContext.js';
import { ActivityList, type ActivityListProps } from './ActivityList.js';

export const LIST = '/cloudSchool/v1/resourceCollectActivity/publish/list';
const H = 3600_000;
const D = 24 * H;
/** 2026-12-01 10:00 China time. */
export const T0 = Date.UTC(2026, 11, 1, 2, 0, 0);

/** A published activity whose sign-up window is open at T0 and closes `signUpLeft` ms later. */
export function activity(id: string, over: Partial<ActivitySummary> = {}, signUpLeft = 2 * D + 3 * H): ActivitySummary {
  const signUpEnd = T0 + signUpLeft;
  return {
    activityId: id,
    name: `活动 ${id}`,
    coverUrl: '',
    orgId: 'org-city',
    orgName: '东山市教育局',
    activitySystem: 1,
    activitySystemName: '精品课',
    status: ActivityStatus.PUBLISHED,
    phase: 'signUp',
    phaseEndTime: signUpEnd,
    stages: [{ stage: 2, stageName: '小学' }, { stage: 3, stageName: '初中' }],
    subjects: [{ subjectCode: 1, subjectName: '语文' }, { subjectCode: 2, subjectName: '数学' }],
    signUpCount: 12,
    workCount: 5,
    publishTime: T0 - 2 * D,
    version: 1,
    signUpStartTime: T0 - D,
    signUpEndTime: signUpEnd,
    uploadStartTime: signUpEnd,
    uploadEndTime: signUpEnd + D,
    auditStartTime: signUpEnd + D,
    auditEndTime: signUpEnd + 2 * D,
    ...over,
  };
}

/** An activity whose every window closed before T0. */
export const ended = (id: string) =>
  activity(id, { phase: 'ended', phaseEndTime: null, signUpStartTime: T0 - 10 * D, signUpEndTime: T0 - 9 * D, uploadStartTime: T0 - 9 * D, uploadEndTime: T0 - 8 * D, auditStartTime: T0 - 8 * D, auditEndTime: T0 - 7 * D });

/** Answers pages of `rows` as the server would (`pageNum`, `pageSize` from the query). */
export const pagesOf =
  (rows: ActivitySummary[]): FakeHandler =>
  ({ query }) => {
    const pageNum = Number(query.pageNum);
    const pageSize = Number(query.pageSize);
    const page: Page<ActivitySummary> = { rows: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: rows.length, pageNum, pageSize };
    return ok(page);
  };

export interface Mounted {
  host: HTMLDivElement;
  server: FakeServer;
  clock: FakeClock;
  root: Root;
  render(props?: Partial<ActivityListProps>): void;
  unmount(): void;
}

/** `<ActivityList>` on a platform whose HTTP transport is an in-memory fake, with a fake clock at T0. */
export function mountList(handler: FakeHandler, props: Partial<ActivityListProps> = {}): Mounted {
  const server = createFakeServer().on('GET', LIST, handler);
  const platform = createPlatform({ apiBase: 'http://platform.test', adapter: server.adapter, storage: createMemoryStorage(), notify: () => undefined });
  const clock = createFakeClock(T0);
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const mounted: Mounted = {
    host,
    server,
    clock,
    root,
    render(more = {}) {
      root.render(createElement(PlatformProvider, { platform }, createElement(ActivityList, { clock, ...props, ...more })));
    },
    unmount() {
      root.unmount();
      host.remove();
    },
  };
  mounted.render();
  return mounted;
}
