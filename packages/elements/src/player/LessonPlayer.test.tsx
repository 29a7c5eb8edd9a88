import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import '../register.js';
import { waitFor } from '../test/waitFor.js';
import { axeViolations } from '../test/axe.js';
import { apiBase } from '../test/apiBase.js';
import type { PlayerEndedDetail, PlayerProgressDetail, VideoSource } from './playerTypes.js';
import { $, mountPlayer, playing, ready, shadow, sleep, video } from './playerTestKit.js';

/** The demo clips, served by the test runner (test-support/seedMedia.mjs). */
const seed = (file: string) => `${location.origin}/seed-media/${file}`;
const clip = (name: string, title: string): VideoSource => ({
  src: seed(`${name}.mp4`),
  type: 'video/mp4',
  title,
  coverImg: seed(`${name}.jpg`),
  desc: `${title} · 演示视频`,
  captions: [{ src: seed(`${name}.zh.vtt`), srclang: 'zh', label: '中文' }],
});
const SOURCES = [clip('lesson-yuwen-gushi', '语文·古诗两首'), clip('lesson-shuxue-tuxing', '数学·认识图形'), clip('lesson-yingyu-hello', '英语·Hello!')];

describe('<ds-lesson-player> playback in Chromium', () => {
  let el: HTMLElement;
  afterEach(() => el?.remove());

  it('can play the H.264 MP4s (canPlayType)', () => {
    const answer = document.createElement('video').canPlayType('video/mp4; codecs="avc1.42E01E"');
    console.log(`canPlayType('video/mp4; codecs="avc1.42E01E"') = ${JSON.stringify(answer)}`);
    expect(answer).to.be.oneOf(['probably', 'maybe']);
  });

  it('shows the cover until the first play, then plays; choosing item 2 switches the source and hides the list', async () => {
    el = mountPlayer({}, SOURCES);
    await ready(el);
    expect($(el, '.ds-player__stage')!.getBoundingClientRect().height).to.be.at.least(300);
    const cover = $<HTMLButtonElement>(el, '.ds-player__cover')!;
    expect(cover.getAttribute('aria-label')).to.equal('播放《语文·古诗两首》');
    expect($(el, '.ds-player__playlist')!.hidden).to.equal(false);
    expect(video(el).querySelector('source')!.src).to.equal(SOURCES[0]!.src);

    const plays: string[] = [];
    el.addEventListener('ds-player-play', (event) => plays.push(event.detail.src));
    cover.click();
    await playing(el);
    expect($(el, '.ds-player__cover')).to.equal(null);
    expect(plays[0]).to.equal(SOURCES[0]!.src);

    const items = shadow(el).querySelectorAll<HTMLButtonElement>('.ds-player__item');
    expect(items).to.have.length(3);
    items[1]!.click();
    await waitFor(() => video(el).currentSrc === SOURCES[1]!.src, { message: 'second source loaded' });
    await playing(el);
    expect($(el, '.ds-player__playlist')!.hidden).to.equal(true);
    expect(plays.at(-1)).to.equal(SOURCES[1]!.src);
    const toggle = $<HTMLButtonElement>(el, '.ds-player__bar button')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    toggle.click();
    await waitFor(() => !$(el, '.ds-player__playlist')!.hidden);
    expect(shadow(el).querySelectorAll('.ds-player__item')[1]!.getAttribute('aria-current')).to.equal('true');
  });

  it('shows the video’s own frame as the cover when the video has no cover picture', async () => {
    const { coverImg: _none, ...uploaded } = clip('lesson-shuxue-tuxing', '上传的视频');
    el = mountPlayer({}, [uploaded]);
    await ready(el);
    const frame = $<HTMLVideoElement>(el, '.ds-player__cover video.ds-player__cover-frame');
    expect(frame, 'a poster frame in the cover').to.not.equal(null);
    expect(frame!.src).to.equal(`${uploaded.src}#t=1`);
    expect(frame!.muted).to.equal(true);
    // A frame is decoded and painted (HAVE_CURRENT_DATA), not a black box.
    await waitFor(() => frame!.readyState >= 2 && frame!.videoWidth > 0, { message: 'poster frame decoded' });
    $<HTMLButtonElement>(el, '.ds-player__cover')!.click();
    await playing(el);
    expect($(el, '.ds-player__cover')).to.equal(null);
  });

  it('stops at end-time (2 s) and fires ds-player-ended', async () => {
    el = mountPlayer({ 'end-time': '2' }, [SOURCES[1]!]);
    await ready(el);
    const ended = new Promise<PlayerEndedDetail>((resolve) => el.addEventListener('ds-player-ended', (e) => resolve(e.detail), { once: true }));
    const progress: PlayerProgressDetail[] = [];
    el.addEventListener('ds-player-progress', (e) => progress.push(e.detail));
    $<HTMLButtonElement>(el, '.ds-player__cover')!.click();
    const detail = await ended;
    expect(detail.src).to.equal(SOURCES[1]!.src);
    await waitFor(() => video(el).paused);
    await sleep(400);
    expect(video(el).paused).to.equal(true);
    expect(video(el).currentTime).to.be.closeTo(2, 0.3);
    // Throttled: about one a second while playing, plus one at the stop.
    expect(progress.length).to.be.within(2, 5);
    const last = progress.at(-1)!;
    expect(last.duration).to.be.closeTo(10, 0.2);
    expect(last.percent).to.be.closeTo((last.currentTime / last.duration) * 100, 0.01);
  });

  it('says 不支持的视频格式 for the MPEG-2 file (canPlayType) and for a file that fails to decode (error event)', async () => {
    el = mountPlayer({}, [{ src: seed('unsupported-mpeg2.mpg'), title: 'MPEG-2' }]);
    await ready(el).catch(() => undefined);
    const alert = await waitFor(() => $(el, '[role="alert"]'));
    expect(alert.textContent).to.contain('不支持的视频格式');
    expect($(el, '.ds-player__cover')).to.equal(null);
    el.remove();

    // A server that labels the file as MP4: the browser tries, fails, and the error event decides.
    el = mountPlayer({}, [{ src: seed('unsupported-mpeg2.mpg'), type: 'video/mp4', title: 'MPEG-2' }]);
    await ready(el);
    const late = await waitFor(() => $(el, '.ds-player__unsupported'), { message: 'error-event path' });
    expect(late.getAttribute('role')).to.equal('alert');
    expect(late.textContent).to.contain('不支持的视频格式');
  });

  it('is keyboard-usable: space plays and pauses, → seeks, m mutes, c turns captions on', async () => {
    el = mountPlayer({}, [SOURCES[0]!]);
    await ready(el);
    $<HTMLButtonElement>(el, '.ds-player__cover')!.click();
    await playing(el);
    const container = $<HTMLElement>(el, '.plyr')!;
    // A keyboard user tabs into the controls; Plyr's keys work while focus is inside the player.
    $<HTMLButtonElement>(el, '.plyr__controls [data-plyr="play"]')!.focus();
    await sendKeys({ press: 'Space' });
    await waitFor(() => video(el).paused, { message: 'space pauses' });
    const before = video(el).currentTime;
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => video(el).currentTime >= before + 5, { message: '→ seeks forward' });
    const muted = video(el).muted;
    await sendKeys({ press: 'm' });
    await waitFor(() => video(el).muted !== muted, { message: 'm toggles mute' });
    await sendKeys({ press: 'c' });
    await waitFor(() => container.classList.contains('plyr--captions-active'), { message: 'c shows captions' });
    await sendKeys({ press: 'Space' });
    await waitFor(() => !video(el).paused, { message: 'space plays' });
  });

  it('speaks Chinese (Plyr labels), uses the inlined sprite, and English with lang="en"', async () => {
    el = mountPlayer({}, SOURCES);
    await ready(el);
    const play = $(el, '.plyr [data-plyr="play"]')!;
    expect(play.textContent).to.contain('播放');
    expect($(el, '.plyr [data-plyr="settings"]')!.textContent).to.contain('设置');
    const use = $(el, '.plyr svg use')!;
    const href = use.getAttribute('href') ?? use.getAttribute('xlink:href');
    expect(href).to.match(/^#plyr-/);
    expect(shadow(el).querySelector(href!.replace(/^#/, '#'))).to.not.equal(null);
    el.remove();
    el = mountPlayer({ lang: 'en' }, SOURCES);
    await ready(el);
    expect($(el, '.ds-player__cover')!.getAttribute('aria-label')).to.equal('Play “语文·古诗两首”');
    expect($(el, '.ds-player__bar button')!.textContent).to.equal('Hide episodes');
  });

  it('shows the playlist’s covers from the platform as AVIF copies in the same 96 × 54 box', async () => {
    // The platform's demo pictures have AVIF/WebP copies beside them (a cover link of a lesson looks so).
    const platformCover = (name: string) => `${apiBase()}/static/seed/media/${name}.jpg`;
    el = mountPlayer({}, [
      { ...SOURCES[0]!, coverImg: platformCover('lesson-yuwen-gushi') },
      { ...SOURCES[1]!, coverImg: platformCover('lesson-shuxue-tuxing') },
      SOURCES[2]!,
    ]);
    await ready(el);
    const thumbs = [...shadow(el).querySelectorAll<HTMLImageElement>('.ds-player__item img.ds-player__thumb')];
    expect(thumbs).to.have.length(3);
    const picture = thumbs[0]!.closest('picture')!;
    expect([...picture.querySelectorAll('source')].map((source) => [source.type, source.sizes])).to.deep.equal([
      ['image/avif', '96px'],
      ['image/webp', '96px'],
    ]);
    expect(picture.querySelector('source')!.srcset).to.equal([320, 640, 960].map((w) => `${apiBase()}/static/seed/media/lesson-yuwen-gushi.w${w}.avif ${w}w`).join(', '));
    await waitFor(() => thumbs.slice(0, 2).every((img) => img.complete && img.naturalWidth > 0), { message: 'covers loaded' });
    expect(thumbs.slice(0, 2).map((img) => img.currentSrc)).to.deep.equal([
      `${apiBase()}/static/seed/media/lesson-yuwen-gushi.w320.avif`,
      `${apiBase()}/static/seed/media/lesson-shuxue-tuxing.w320.avif`,
    ]);
    // A cover from elsewhere has no copies: the picture alone, in the same box.
    expect(thumbs[2]!.closest('picture')).to.equal(null);
    const box = (img: HTMLImageElement) => [img.getBoundingClientRect().width, img.getBoundingClientRect().height];
    expect(thumbs.map(box)).to.deep.equal([[96, 54], [96, 54], [96, 54]]);
  });

  it('has no axe violations (cover, playlist, playing)', async () => {
    el = mountPlayer({}, SOURCES);
    await ready(el);
    expect(await axeViolations(el)).to.deep.equal([]);
    $<HTMLButtonElement>(el, '.ds-player__cover')!.click();
    await playing(el);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('asked nothing of any origin but the page and the API (no CDN)', () => {
    const allowed = new Set([location.origin, new URL(apiBase()).origin]);
    const foreign = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && !allowed.has(new URL(url).origin));
    expect(foreign).to.deep.equal([]);
    // The check sees the player's own fetches (posters, captions, video), so it would see a CDN's too.
    const kinds = new Set(performance.getEntriesByType('resource').map((entry) => entry.name.split('?')[0]!.split('.').pop()));
    console.log(`resource timing saw: ${[...kinds].join(', ')}`);
    expect([...kinds]).to.include.members(['jpg', 'vtt', 'mp4']);
  });
});
