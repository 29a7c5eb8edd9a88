import { describe, expect, it } from 'vitest';
import { createPlatform } from '../platform/createPlatform.js';
import { createMemoryStorage } from '../session/storage.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeServer, ok } from '../testing/fakeServer.js';
import { createLessonsApi } from './lessonsApi.js';

const DETAIL = '/cloudSchool/v1/cloudLesson/getById';

function setup() {
  const server = createFakeServer()
    .on('GET', DETAIL, (request) => ok({ lessonId: request.query.lessonId, title: '分数的意义' }))
    .on('POST', '/cloudSchool/v1/lessonNote/save', (request) => ok({ lessonNoteId: 'n1', ...(request.body as object) }));
  const platform = createPlatform({ apiBase: 'http://api.local', storage: createMemoryStorage(), clock: createFakeClock(), adapter: server.adapter, notify: () => undefined });
  return { server, platform };
}

describe('lessons client', () => {
  it('sends the session token, and the detail goes public while nobody is signed in when the caller says so', async () => {
    const { server, platform } = setup();
    const portal = createLessonsApi(platform.http, { signedIn: () => !!platform.session.getState().token });
    await expect(portal.byId('L1')).resolves.toMatchObject({ lessonId: 'L1', title: '分数的意义' });
    expect(server.requestsTo(DETAIL)[0]!.headers.Authorization).toBeUndefined();
    platform.session.setLogin({ token: 'tok-session', expire: 3600 });
    await portal.byId('L1');
    expect(server.requestsTo(DETAIL)[1]!.headers.Authorization).toBe('tok-session');
  });

  it('carries a host-given token instead of the session’s', async () => {
    const { server, platform } = setup();
    platform.session.setLogin({ token: 'tok-session', expire: 3600 });
    const player = createLessonsApi(platform.http, { token: () => 'tok-host' });
    await player.saveNote({ lessonId: 'L1', resourceId: null, content: '笔记', videoTime: 12 });
    const [request] = server.requestsTo('/cloudSchool/v1/lessonNote/save');
    expect(request!.headers.Authorization).toBe('tok-host');
    expect(request!.body).toEqual({ lessonId: 'L1', resourceId: null, content: '笔记', videoTime: 12 });
  });

  it('deletes all the caller’s notes of one lesson, and counts a page view publicly while nobody is signed in', async () => {
    const { server, platform } = setup();
    server
      .on('DELETE', '/cloudSchool/v1/lessonNote/deleteByLessonId', (request) => ok({ lessonId: request.query.lessonId, deleted: 3 }))
      .on('POST', '/cloudSchool/v1/lessonPreview/add', () => ok({ lessonId: 'L1', viewCount: 8 }));
    const portal = createLessonsApi(platform.http, { signedIn: () => !!platform.session.getState().token });
    await expect(portal.preview('L1')).resolves.toEqual({ lessonId: 'L1', viewCount: 8 });
    expect(server.requestsTo('/cloudSchool/v1/lessonPreview/add')[0]!.headers.Authorization).toBeUndefined();
    platform.session.setLogin({ token: 'tok-session', expire: 3600 });
    await expect(portal.deleteLessonNotes('L1')).resolves.toEqual({ lessonId: 'L1', deleted: 3 });
    const [request] = server.requestsTo('/cloudSchool/v1/lessonNote/deleteByLessonId');
    expect(request!.headers.Authorization).toBe('tok-session');
    expect(request!.query.lessonId).toBe('L1');
  });
});
