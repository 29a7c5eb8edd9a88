import { expect } from 'chai';
import '../register.js';
import { waitFor } from '../test/waitFor.js';
import type { VideoSource } from './playerTypes.js';
import { $, mountPlayer, playing, shadow, video } from './playerTestKit.js';

/** A two-rung ladder (540p, 360p) with a poster and seek previews (test-support/hlsFixture.mjs), and a demo MP4. */
const hls = (file: string) => `${location.origin}/seed-hls/${file}`;
const mp4 = `${location.origin}/seed-media/lesson-shuxue-tuxing.mp4`;
const STREAM: VideoSource = { src: mp4, type: 'video/mp4', title: '数学·认识图形', hls: hls('master.m3u8'), poster: hls('poster.jpg'), thumbnails: hls('thumbs.vtt') };

/** hls.js plays the stream: the video reads a MediaSource, and Plyr's own <source> was taken out. */
const streaming = (el: HTMLElement) => waitFor(() => $(el, '.plyr') && video(el)?.src.startsWith('blob:') && !video(el).querySelector('source'), { message: 'playing through hls.js', timeout: 15_000 });
const requests = async (): Promise<Record<string, number>> => (await (await fetch(hls('__requests'))).json()) as Record<string, number>;
const qualityItems = (el: HTMLElement) => [...shadow(el).querySelectorAll<HTMLButtonElement>('[data-plyr="quality"][role="menuitemradio"]')];
/** A menu item's name and, apart, its badge (`标清 540P`). */
const label = (button: HTMLElement) => {
  const badge = button.querySelector('.plyr__badge')?.textContent ?? '';
  const name = (button.textContent ?? '').replace(badge, '').replace(/\s+/g, ' ').trim();
  return badge ? `${name} ${badge}` : name;
};

describe('<ds-lesson-player> adaptive streaming (HLS through hls.js)', () => {
  let el: HTMLElement;
  afterEach(() => el?.remove());

  it('plays a transcoded video as its stream, with the rungs that exist in the quality menu and the poster as its cover', async () => {
    el = mountPlayer({}, [STREAM]);
    await streaming(el);
    // Before the first play the cover shows the video's poster (no lesson cover given).
    expect($<HTMLImageElement>(el, '.ds-player__cover img')!.src).to.equal(STREAM.poster);
    await waitFor(() => qualityItems(el).length === 3, { message: 'three quality choices' });
    expect(qualityItems(el).map(label)).to.deep.equal(['自动', '标清 540P', '流畅 360P']);
    expect(qualityItems(el).find((item) => item.getAttribute('aria-checked') === 'true')!.value).to.equal('0');
    // The file as uploaded is not fetched at all.
    expect(performance.getEntriesByType('resource').some((entry) => entry.name.startsWith(mp4))).to.equal(false);
    $<HTMLButtonElement>(el, '.ds-player__cover')!.click();
    await playing(el);
  });

  it('switches to the rung the viewer picks (流畅: the picture becomes 360 lines) and back to 自动', async () => {
    el = mountPlayer({}, [STREAM]);
    await streaming(el);
    await fetch(hls('__requests?reset'));
    $<HTMLButtonElement>(el, '.ds-player__cover')!.click();
    await playing(el);
    await waitFor(() => qualityItems(el).length === 3);
    qualityItems(el).find((item) => label(item).startsWith('流畅'))!.click();
    await waitFor(() => video(el).videoHeight === 360, { message: 'the 360p rung plays', timeout: 15_000 });
    expect((await requests())['360p']).to.be.above(0);
    expect(qualityItems(el).find((item) => item.getAttribute('aria-checked') === 'true')!.value).to.equal('360');
    qualityItems(el).find((item) => item.value === '0')!.click();
    await waitFor(() => qualityItems(el).find((item) => item.getAttribute('aria-checked') === 'true')?.value === '0', { message: '自动 checked' });
    // The settings button keeps its name while its menu is open (its tooltip, its only other label, is hidden then).
    expect(shadow(el).querySelector('button[data-plyr="settings"][aria-haspopup]')?.getAttribute('aria-label')).to.equal('设置');
  });

  it('shows a seek preview from the sprite over the progress bar', async () => {
    el = mountPlayer({}, [STREAM]);
    await streaming(el);
    $<HTMLButtonElement>(el, '.ds-player__cover')!.click();
    await playing(el);
    // Plyr reads the WebVTT index and builds the preview once the duration is known.
    const progress = await waitFor(() => $(el, '.plyr__progress') && $(el, '.plyr__preview-thumb') && $(el, '.plyr__progress'), { message: 'preview built', timeout: 15_000 });
    const box = progress.getBoundingClientRect();
    progress.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: box.left + box.width * 0.5, clientY: box.top + box.height / 2 }));
    const image = await waitFor(() => $<HTMLImageElement>(el, '.plyr__preview-thumb img'), { message: 'preview image', timeout: 15_000 });
    expect(image.src).to.equal(hls('sprite-0.jpg'));
  });

  it('plays the file as uploaded when the stream is gone, and says the format cannot play when there is no file', async () => {
    el = mountPlayer({}, [{ ...STREAM, hls: hls('gone/master.m3u8') }]);
    await waitFor(() => video(el)?.querySelector('source')?.getAttribute('src') === mp4, { message: 'the file as uploaded', timeout: 15_000 });
    expect(qualityItems(el)).to.have.length(0);
    $<HTMLButtonElement>(el, '.ds-player__cover')!.click();
    await playing(el);
    el.remove();

    el = mountPlayer({}, [{ src: hls('gone/master.m3u8'), title: '只有播放列表' }]);
    await waitFor(() => $(el, '[part="unsupported"]'), { message: 'unsupported message', timeout: 15_000 });
  });

  it('plays a host source whose src is a playlist itself', async () => {
    el = mountPlayer({}, [{ src: hls('master.m3u8'), title: '播放列表' }]);
    await streaming(el);
    $<HTMLButtonElement>(el, '.ds-player__cover')!.click();
    await playing(el);
  });

  it('has no quality menu for a plain MP4', async () => {
    el = mountPlayer({}, [{ src: mp4, type: 'video/mp4', title: '数学·认识图形' }]);
    await waitFor(() => video(el)?.querySelector('source'));
    expect(qualityItems(el)).to.have.length(0);
    // Plyr's settings menu keeps its quality entry hidden.
    const entries = [...shadow(el).querySelectorAll<HTMLButtonElement>('button[data-plyr="settings"]')].filter((b) => !b.hidden);
    expect(entries.map(label).some((text) => text.startsWith('画质'))).to.equal(false);
  });
});
