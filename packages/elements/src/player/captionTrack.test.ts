import { expect } from 'chai';
import { captionTrack } from './lessonApi.js';

describe('captionTrack', () => {
  it('marks an English caption file (name.en.vtt) as English, any other as Chinese, labelled in the page language', () => {
    expect(captionTrack('/static/seed/lesson-videos/en7a-goodmorning.en.vtt', 'zh-CN')).to.deep.equal({
      src: '/static/seed/lesson-videos/en7a-goodmorning.en.vtt',
      srclang: 'en',
      label: '英文',
    });
    expect(captionTrack('https://x.cn/a.EN.vtt?e=1&s=x', 'en')).to.include({ srclang: 'en', label: 'English' });
    expect(captionTrack('/static/seed/lesson-videos/yw6b-beijingdechunjie.zh.vtt', 'en')).to.include({ srclang: 'zh', label: 'Chinese' });
    expect(captionTrack('/file/v1/file/download/7', 'zh-CN')).to.include({ srclang: 'zh', label: '中文' });
  });
});
