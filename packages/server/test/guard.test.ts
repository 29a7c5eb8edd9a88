/**
 * Walks every registered route: each one not marked public must refuse a call without a token (4010001)
 * and with a garbage token (4010005). The public list is spelled out so that a new public route is a
 * deliberate decision.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.js';

const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'GET /healthz/live',
  'GET /healthz/ready',
  // Signed media links: the signature is the permission (files/mediaLinks.ts).
  'GET /file/v1/file/media/:fileInfoId',
  'GET /file/v1/file/media/:fileInfoId/thumb',
  'GET /file/v1/file/media/:fileInfoId/:variant',
  // A transcoded video's HLS files, the signature in the path (files/downloadRoutes.ts, docs/video.md).
  'GET /file/v1/file/media/:fileInfoId/hls/:e/:s/*',
  // The portal's page with its first screen's public data (static/portalIndex.ts: platform name, guest carousel).
  'GET /',
  'GET /index.html',
  // A tool document's read-only link: the random token is the permission (whiteboard/shareRoutes.ts).
  'GET /business/v1/whiteboardShare/:token',
  'GET /business/v1/whiteboardShare/:token/document',
  'GET /cas/publicKey',
  'POST /cas/login/restful',
  'POST /cas/sz/login/restful',
  'GET /cas/cm/loginMode',
  'GET /cas/cm/loginUrl',
  'POST /cas/wechat/getLoginParam',
  'GET /cas/sz/refreshToken',
  'POST /cas/sz/checkToken',
  // Single sign-on ticket check: the signed ticket is the permission (src/sso, docs/sso.md).
  'GET /cas/sz/checkToken',
  'POST /cas/sz/removeToken',
  'GET /cas/captcha',
  'POST /cas/captcha/verify',
  'POST /base/v1/globalConfig/list',
  'POST /base/v1/globalConfig/getValueByKeys',
  'GET /file/v1/file/config',
  'POST /file/v1/obs/upload',
  'GET /static/platformLogo/:areaCode.png',
  'GET /static/help/:item',
  // Cloud lessons: public browsing (src/lessons, curriculum, teachers, specialSubjects, carousel).
  'GET /cloudSchool/v1/cloudLesson/getRecommendLesson',
  'POST /cloudSchool/v1/cloudLesson/getOnDemandLessonPage',
  'POST /cloudSchool/v1/cloudLesson/getLiveLessonPage',
  'POST /cloudSchool/v1/cloudLesson/getLiveLessonSubjectList',
  'POST /cloudSchool/v1/cloudLesson/getLiveLessonGradeList',
  'POST /cloudSchool/v1/cloudLesson/getLiveLessonSchedule',
  'GET /cloudSchool/v1/cloudLesson/getAdventOrExpireLiveCount',
  'POST /cloudSchool/v1/cloudLesson/getRelatedLessonPage',
  'POST /cloudSchool/v1/cloudLesson/count',
  'GET /cloudSchool/v1/cloudLesson/getById',
  'GET /cloudSchool/v1/cloudLesson/getResourceVideo',
  'POST /cloudSchool/v1/cloudLesson/getSpecialSubjectLessonPage',
  'GET /cloudSchool/v1/cloudLesson/getSpecialSubjectLessonGradeList',
  'POST /cloudSchool/v1/lessonNode/getChapterTree',
  'POST /cloudSchool/v1/lessonNode/getKnowledgeTree',
  'POST /cloudSchool/v1/lessonNode/getSubjectList',
  'POST /cloudSchool/v1/lessonNode/getBookList',
  'POST /cloudSchool/v1/teacherInfo/list',
  'POST /cloudSchool/v1/teacherInfo/orgList',
  'GET /cloudSchool/v1/teacherInfo/getByUserIds',
  'GET /cloudSchool/v1/teacherInfo/getByTeacherId',
  'POST /cloudSchool/v1/lessonPreview/add',
  'GET /cloudSchool/v1/lessonResourceMark/getList',
  'POST /cloudSchool/v1/specialSubject/list',
  'POST /cloudSchool/v1/specialSubjectType/list',
  'POST /cloudSchool/v1/lessonTag/list',
  'POST /cloudSchool/v1/carouselImage/page',
  'GET /cloudSchool/v1/carouselImage/list/:id',
  'GET /cloudSchool/v1/carouselImage/:id',
  'GET /cloudSchool/v1/resourceCollectActivity/publish/list',
  'POST /cloudSchool/v1/activityWork/getHighQualityWorkPage',
  'POST /cloudSchool/v1/activityWork/getHighQualityWorkStages',
  'POST /cloudSchool/v1/activityWork/getHighQualityWorkSubjects',
  'POST /cloudSchool/v1/activityWork/getHighQualityWorkEditions',
  'POST /cloudSchool/v1/activityWork/getHighQualityWorkBooks',
  'GET /cloudSchool/v1/activityWork/getHighQualityWorkDocuments',
  // The curriculum for the tool editor's node picker (src/whiteboard/stageRoutes.ts), public like lessonNode.
  'POST /business/v1/stage/children',
  'GET /static/seed/:folder/:file',
  // The help centre's articles (src/help): visitors and <ds-help-widget> read them.
  'GET /cloudSchool/v1/help/articles',
  'GET /cloudSchool/v1/help/articles/:id',
]);

/** Static file routes serve the built portal and element bundle; they carry no data. */
const isStaticFiles = (url: string) => url === '/' || url === '/*' || url.startsWith('/elements/');

const h = useHarness();

describe('permission guard', () => {
  it('marks exactly the intended routes public', () => {
    const marked = h.app.routeList.filter((r) => r.public && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect(new Set(marked)).toEqual(PUBLIC_ROUTES);
  });

  it('refuses every other route without a token or with a bad one', async () => {
    const protectedRoutes = h.app.routeList.filter(
      (r) => !r.public && !isStaticFiles(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(2);
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:(\w+)/g, 'x1');
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const none = await h.call(route.method, url, { body });
      expect(`${route.method} ${route.url} → ${none.status}`).toBe(`${route.method} ${route.url} → 4010001`);
      const bad = await h.call(route.method, url, { body, token: 'not-a-real-token' });
      expect(`${route.method} ${route.url} → ${bad.status}`).toBe(`${route.method} ${route.url} → 4010005`);
    }
  });
});
