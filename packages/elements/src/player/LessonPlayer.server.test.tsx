import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import '../register.js';
import { getPlatform } from '../shared/platformRegistry.js';
import { waitFor } from '../test/waitFor.js';
import { axeViolations } from '../test/axe.js';
import { apiBase } from '../test/apiBase.js';
import type { NoteSavedDetail } from './playerTypes.js';
import { $, mountPlayer, playing, ready, shadow, sleep, video } from './playerTestKit.js';

interface Learning {
  totalSeconds: number;
  lastPosition: number;
  lastResourceId: string | null;
}
interface LessonRow {
  lessonId: string;
  title: string;
}
interface Resource {
  resourceId: string;
  playUrl: string;
}

const platform = () => getPlatform(apiBase());
const cloud = (path: string) => platform().paths.cloudSchool(path);

/** The learner's study record for the lesson, read back from the server. */
async function learning(lessonId: string): Promise<Learning> {
  const detail = await platform().http.get<{ myLearning: Learning | null }>(cloud('/v1/cloudLesson/getById'), { lessonId });
  return detail.myLearning ?? { totalSeconds: 0, lastPosition: 0, lastResourceId: null };
}

/** Plays for `seconds` of wall time, then pauses (the pause sends the batch). */
async function playFor(el: HTMLElement, seconds: number) {
  await playing(el, 0);
  await sleep(seconds * 1000);
  video(el).pause();
  await waitFor(() => video(el).paused);
}

describe('<ds-lesson-player> with a lesson of the reference server (student)', () => {
  let el: HTMLElement;
  let lessonId = '';
  let resource: Resource;

  before(async () => {
    localStorage.clear();
    platform().auth.transition({ type: 'reset' });
    platform().session.logout();
    const status = await platform().auth.submit({ username: 'student', password: 'Ds@123456' });
    expect(status, 'demo student logs in').to.equal('success');
    const page = await platform().http.post<{ rows: LessonRow[] }>(cloud('/v1/cloudLesson/getOnDemandLessonPage'), { pageNum: 1, pageSize: 20 });
    // A fresh lesson per run of this file: the server's study record starts empty.
    for (const row of page.rows) {
      const videos = await platform().http.get<Resource[]>(cloud('/v1/cloudLesson/getResourceVideo'), { lessonId: row.lessonId });
      const mp4 = videos.find((v) => v.playUrl.endsWith('.mp4'));
      if (mp4 && (await learning(row.lessonId)).totalSeconds === 0) {
        lessonId = row.lessonId;
        resource = mp4;
        break;
      }
    }
    expect(lessonId, 'an on-demand lesson with an MP4').to.not.equal('');
  });
  afterEach(() => el?.remove());
  after(() => platform().session.logout());

  it('loads the lesson video from the server (cover, poster from the API)', async () => {
    el = mountPlayer({ 'lesson-id': lessonId });
    await ready(el);
    expect(video(el).querySelector('source')!.src).to.equal(platform().http.url(resource.playUrl));
    expect($(el, '.ds-player__cover img')!.getAttribute('src')).to.contain(apiBase());
    expect(shadow(el).querySelector('.ds-player__playlist')).to.equal(null); // one video: no list
  });

  it('reports the time actually played (≈3 s), and a seek forward adds nothing', async function () {
    this.timeout(30000);
    el = mountPlayer({ 'lesson-id': lessonId, 'start-at': '0' });
    await ready(el);
    $<HTMLButtonElement>(el, '.ds-player__cover')!.click();
    await playFor(el, 3);
    const first = await waitFor(async () => {
      const record = await learning(lessonId);
      return record.totalSeconds > 0 ? record : null;
    });
    expect(first.totalSeconds).to.be.within(2, 4);
    expect(first.lastResourceId).to.equal(resource.resourceId);
    expect(first.lastPosition).to.be.within(2, 4);

    void video(el).play();
    await playFor(el, 1);
    video(el).currentTime = Math.min(video(el).duration - 2, video(el).currentTime + 5);
    await waitFor(() => !video(el).seeking);
    void video(el).play();
    await playFor(el, 1);
    const second = await waitFor(async () => {
      const record = await learning(lessonId);
      return record.totalSeconds > first.totalSeconds + 1 ? record : null;
    });
    // Two seconds played around a five-second jump: the jump is not study time.
    expect(second.totalSeconds - first.totalSeconds).to.be.within(1, 3);
    expect(second.lastPosition).to.be.at.least(first.lastPosition + 5);
  });

  it('sends the pending seconds with fetch keepalive (and the token) when the page is hidden', async function () {
    this.timeout(30000);
    const before = (await learning(lessonId)).totalSeconds;
    el = mountPlayer({ 'lesson-id': lessonId, 'start-at': '0' });
    await ready(el);
    $<HTMLButtonElement>(el, '.ds-player__cover')!.click();
    await playing(el, 0);
    await sleep(2500);
    // Watch the page's fetch (the request still goes to the real server): Chromium hands keepalive
    // requests to the browser process, so Resource Timing does not list them.
    const realFetch = window.fetch;
    const sent: RequestInit[] = [];
    window.fetch = (input, init) => {
      if (String(input).endsWith('/lessonOperation/addLearningDuration')) sent.push(init ?? {});
      return realFetch(input, init);
    };
    try {
      window.dispatchEvent(new PageTransitionEvent('pagehide'));
    } finally {
      window.fetch = realFetch;
    }
    expect(sent).to.have.length(1);
    expect(sent[0]!.keepalive).to.equal(true);
    expect((sent[0]!.headers as Record<string, string>).Authorization).to.equal(platform().session.getState().token);
    const after = await waitFor(async () => {
      const record = await learning(lessonId);
      return record.totalSeconds > before ? record.totalSeconds : null;
    });
    expect(after - before).to.be.within(1, 3.5);
    expect((JSON.parse(sent[0]!.body as string) as { seconds: number }).seconds).to.equal(after - before);
  });

  it('resumes at the position of the server study record', async () => {
    const record = await learning(lessonId);
    // Only the server knows where this learner stopped: forget this device's positions.
    for (const key of Object.keys(localStorage)) if (key.startsWith('dsPlayerPosition:')) localStorage.removeItem(key);
    el = mountPlayer({ 'lesson-id': lessonId });
    await ready(el);
    await waitFor(() => video(el).readyState >= 1 && Math.abs(video(el).currentTime - record.lastPosition) < 0.6, {
      message: `resume at ${record.lastPosition} s`,
    });
  });

  it('writes a note at the current moment, lists it by time, seeks to it and deletes it', async function () {
    this.timeout(30000);
    el = mountPlayer({ 'lesson-id': lessonId, 'start-at': '3' });
    await ready(el);
    await waitFor(() => video(el).readyState >= 1 && video(el).currentTime >= 2.9, { message: 'at 3 s' });
    const saved = new Promise<NoteSavedDetail>((resolve) => el.addEventListener('ds-note-saved', (e) => resolve(e.detail), { once: true }));
    const field = await waitFor(() => $<HTMLTextAreaElement>(el, 'textarea[name="note"]'));
    field.focus();
    await sendKeys({ type: 'bai ri yi shan jin' });
    await waitFor(() => $(el, '.ds-player__note-label')!.textContent === '记录 00:03 处的笔记');
    $<HTMLButtonElement>(el, 'button[part="note-save"]')!.click();
    const note = await saved;
    expect(note.videoTime).to.equal(3);
    expect(note.lessonId).to.equal(lessonId);
    expect(note.resourceId).to.equal(resource.resourceId);

    const listed = await waitFor(() => (shadow(el).querySelectorAll('.ds-player__note').length === 1 ? $(el, '.ds-player__note') : null));
    expect(listed.textContent).to.contain('bai ri yi shan jin');
    video(el).currentTime = 0;
    await waitFor(() => video(el).currentTime < 0.5);
    $<HTMLButtonElement>(el, '.ds-player__note-time')!.click();
    await waitFor(() => Math.abs(video(el).currentTime - 3) < 0.3, { message: 'seek to the note' });
    expect(await axeViolations(el)).to.deep.equal([]);

    $<HTMLButtonElement>(el, '.ds-player__note-delete')!.click();
    await waitFor(() => shadow(el).querySelectorAll('.ds-player__note').length === 0);
    const page = await platform().http.post<{ rows: unknown[] }>(cloud('/v1/lessonNote/getNotesPage'), { lessonId, pageNum: 1, pageSize: 10 });
    expect(page.rows).to.have.length(0);
  });

  it('lists the notes written before the player opened, in time order', async () => {
    const write = (content: string, videoTime: number) =>
      platform().http.post<{ lessonNoteId: string }>(cloud('/v1/lessonNote/save'), { lessonId, resourceId: resource.resourceId, content, videoTime });
    const later = await write('第二条：结尾的总结', 8);
    const earlier = await write('第一条：开头的问题', 2);
    el = mountPlayer({ 'lesson-id': lessonId });
    await ready(el);
    const texts = await waitFor(() => {
      const notes = [...shadow(el).querySelectorAll('.ds-player__note')].map((n) => n.textContent ?? '');
      return notes.length === 2 ? notes : null;
    }, { message: 'both saved notes listed' });
    expect(texts[0]).to.contain('第一条');
    expect(texts[1]).to.contain('第二条');
    for (const note of [earlier, later]) await platform().http.delete(cloud('/v1/lessonNote/deleteByNoteId'), { lessonNoteId: note.lessonNoteId });
  });

  it('asked nothing of any origin but the page and the API (no CDN)', () => {
    const allowed = new Set([location.origin, new URL(apiBase()).origin]);
    const foreign = performance.getEntriesByType('resource').filter((entry) => !allowed.has(new URL(entry.name).origin));
    expect(foreign.map((entry) => entry.name)).to.deep.equal([]);
  });

  it('shows no notes panel without a login, and acts for a token handed over as a property', async () => {
    const token = platform().session.getState().token!;
    platform().session.logout();
    el = mountPlayer({ 'lesson-id': lessonId });
    await ready(el);
    expect($(el, '.ds-player__notes')).to.equal(null);
    expect(el.hasAttribute('token')).to.equal(false);

    (el as HTMLElementTagNameMap['ds-lesson-player']).token = token;
    await waitFor(() => $(el, '.ds-player__empty')?.textContent === '还没有笔记', { message: 'notes loaded with the property token' });
    expect(el.getAttributeNames().join()).to.not.contain('token');
  });
});
