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
    const reachedElsewhere: ScreenKey[] = ['login', 'home', 'waitPage', 'managementLayout'];
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
      help: 'comingSoon',
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
});
