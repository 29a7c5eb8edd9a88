import { describe, expect, it } from 'vitest';
import { managementRoutes } from '../management/managementRoutes';
import { screens, type ScreenKey } from './screens';
import { userRoutes } from './userRoutes';

type Row = (typeof userRoutes)[number];

describe('route tables', () => {
  it('name a screen of `screens` in every row; a misspelt key does not typecheck', () => {
    const misspelt: Row = {
      path: 'learn',
      title: 'screen.learn',
      // @ts-expect-error 'lern' is not a screen key: the typecheck catches it instead of a 敬请期待 page
      screen: 'lern',
    };
    for (const row of [...userRoutes, ...managementRoutes]) expect(screens, row.path).toHaveProperty(row.screen);
    expect(screens).not.toHaveProperty(misspelt.screen);
  });

  it('reach every built screen from some route (none forgotten behind 敬请期待)', () => {
    const routed = new Set<ScreenKey>([...userRoutes, ...managementRoutes].map((row) => row.screen));
    // comingSoon stays for a route whose screen is not built yet, even when no route needs it.
    const reachedElsewhere: ScreenKey[] = ['login', 'home', 'waitPage', 'managementLayout', 'comingSoon'];
    const unrouted = (Object.keys(screens) as ScreenKey[]).filter((key) => !routed.has(key) && !reachedElsewhere.includes(key));
    expect(unrouted).toEqual([]);
  });

  it('keep the learning and lesson screens on their paths', () => {
    const screenOf = Object.fromEntries(userRoutes.map((row) => [row.path, row.screen]));
    expect(screenOf).toMatchObject({
      learn: 'learn',
      'learn/demand/:params': 'learn',
      'course-detail/:courseId/:fromPage?': 'courseDetail',
      'my-lessons/new': 'lessonForm',
      'my-lessons/:lessonId/edit': 'lessonForm',
      help: 'helpCentre',
      feedback: 'helpCentre',
    });
  });

  it('open the resource-collection pages, not 敬请期待 (the high-quality works stay for their own screens)', () => {
    const screenOf = Object.fromEntries(userRoutes.map((row) => [row.path, row.screen]));
    expect(screenOf).toMatchObject({
      resourcesCollect: 'activityHome',
      'resourcesCollect/activityList/:type': 'activityList',
      'resourcesCollect/activityList/:type/activityDetail/:activityId': 'activityDetail',
      'resourcesCollect/activityList/activityDetail/signUp/:activityId': 'activitySignUp',
      'resourcesCollect/activityList/activityDetail/activityManage/:activityId': 'activityManage',
      'resourcesCollect/activityList/activityDetail/activityManage/uploadWorks/:type': 'activityUploadWorks',
    });
  });

  it('open the high-quality works (list and work), not 敬请期待', () => {
    const screenOf = Object.fromEntries(userRoutes.map((row) => [row.path, row.screen]));
    expect(screenOf).toMatchObject({
      'resourcesCollect/goodWorkList': 'goodWorkList',
      'resourcesCollect/goodWorkList/:courseId/:type': 'goodWorkDetail',
    });
  });

  it('open the works-review statistics in /management with the access their calls need', () => {
    const row = (path: string) => managementRoutes.find((r) => r.path === path);
    expect(row('type=zyzjhdgk')).toMatchObject({ screen: 'mgmtActivityOverview', access: 'read', menu: true });
    expect(row('type=wdzppsgk')).toMatchObject({ screen: 'mgmtMyReviewOverview', access: 'audit', menu: true });
    expect(row('type=jspsxq')).toMatchObject({ screen: 'mgmtReviewers', access: 'read', menu: true });
    expect(row('type=jspsxqdetail/:activityId')).toMatchObject({ screen: 'mgmtReviewerDetail', access: 'read' });
    expect(row('type=applicants/:activityId/:activitySystem/:activityName')).toMatchObject({ screen: 'mgmtApplicants', access: 'read' });
    expect(row('type=sign-up-statistics/:activityId/:activitySystem')).toMatchObject({ screen: 'mgmtSignUpStatistics', access: 'read' });
    expect(row('type=opus-statistics/:activityId/:activitySystem')).toMatchObject({ screen: 'mgmtOpusStatistics', access: 'read' });
    expect(row('type=quality-works/:activityId/:activitySystem/:activityName')).toMatchObject({ screen: 'mgmtQualityWorks', access: 'read' });
  });
});
