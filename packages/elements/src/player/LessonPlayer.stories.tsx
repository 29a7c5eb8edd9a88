import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, expect, waitFor } from 'storybook/test';
import { createPlatform } from '@dscloud/sdk';
import { createFakeServer, createMemoryStorage, ok } from '@dscloud/sdk/testing';
import { PlatformProvider } from '../shared/PlatformContext.js';
import { LessonPlayer, type LessonPlayerProps } from './LessonPlayer.js';
import type { LessonNote, VideoSource } from './playerTypes.js';

/** The demo clips of the reference server, served by Storybook at /seed-media (.storybook/main.ts). */
const clip = (name: string, title: string, desc: string): VideoSource => ({
  src: `seed-media/${name}.mp4`,
  type: 'video/mp4',
  title,
  coverImg: `seed-media/${name}.jpg`,
  desc,
  captions: [{ src: `seed-media/${name}.zh.vtt`, srclang: 'zh', label: '中文' }],
});
const PLAYLIST = [
  clip('lesson-yuwen-gushi', '语文·古诗两首', '《登鹳雀楼》《望庐山瀑布》逐句讲读'),
  clip('lesson-shuxue-tuxing', '数学·认识图形', '正方形与长方形'),
  clip('lesson-yingyu-hello', '英语·Hello!', '打招呼与自我介绍'),
];

interface StoryArgs extends LessonPlayerProps {
  /** Logged in with these notes already saved (an in-memory API; nothing leaves the browser). */
  notes?: LessonNote[];
}

/** A platform on an in-memory API: notes and study-time reports work without a server. */
function storyPlatform(notes: LessonNote[] | undefined) {
  const saved = [...(notes ?? [])];
  const server = createFakeServer()
    .on('POST', '/cloudSchool/v1/lessonNote/getNotesPage', () => ok({ rows: saved, total: saved.length, pageNum: 1, pageSize: 100 }))
    .on('POST', '/cloudSchool/v1/lessonNote/save', ({ body }) => {
      const note = { ...(body as Omit<LessonNote, 'lessonNoteId'>), lessonNoteId: `nt-${saved.length + 1}`, createTime: Date.now() };
      saved.push(note);
      return ok(note);
    })
    .on('DELETE', '/cloudSchool/v1/lessonNote/deleteByNoteId', ({ query }) => {
      saved.splice(saved.findIndex((n) => n.lessonNoteId === query.lessonNoteId), 1);
      return ok({ deleted: 1 });
    })
    .on('POST', '/cloudSchool/v1/lessonOperation/addLearningDuration', () => ok({}));
  const platform = createPlatform({ apiBase: '', adapter: server.adapter, storage: createMemoryStorage() });
  if (notes) platform.session.setLogin({ token: 'story-token', expire: 7200 });
  return platform;
}

function PlayerStory({ notes, ...props }: StoryArgs) {
  const platform = useMemo(() => storyPlatform(notes), [notes]);
  return (
    <PlatformProvider platform={platform}>
      <div style={{ maxWidth: 720 }}>
        <LessonPlayer {...props} />
      </div>
    </PlatformProvider>
  );
}

const meta = {
  title: 'Elements/ds-lesson-player',
  component: PlayerStory,
  args: { sources: PLAYLIST, lang: 'zh-CN', muted: true, onPlay: fn(), onEnded: fn(), onProgress: fn(), onNoteSaved: fn() },
  argTypes: {
    lang: { control: 'inline-radio', options: ['zh-CN', 'en'] },
    endTime: { control: 'number' },
    startAt: { control: 'number' },
    sources: { control: 'object' },
    notes: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component:
          'The lesson player, as `<LessonPlayer>` for React hosts and `<ds-lesson-player>` for any page. Plyr loads lazily with Chinese labels; the clips are the reference server\'s demo media.',
      },
    },
  },
} satisfies Meta<typeof PlayerStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Before the first play: the cover of the first video and the playlist. */
export const Cover: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.ds-player__cover')).not.toBeNull());
  },
};

/** Item 2 chosen from the playlist: it plays and the list folds away. */
export const PlayingWithPlaylist: Story = {
  play: async ({ canvasElement }) => {
    const items = await waitFor(() => {
      const found = canvasElement.querySelectorAll<HTMLButtonElement>('.ds-player__item');
      void expect(found.length).toBe(3);
      void expect(canvasElement.querySelector('.plyr')).not.toBeNull();
      return found;
    });
    items[1]!.click();
    await waitFor(() => expect(canvasElement.querySelector('.ds-player__playlist')?.hasAttribute('hidden')).toBe(true));
  },
};

/** An MPEG-2 file: 不支持的视频格式. */
export const UnsupportedFormat: Story = {
  args: { sources: [{ src: 'seed-media/unsupported-mpeg2.mpg', title: 'MPEG-2 录像' }] },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[role="alert"]')?.textContent).toContain('不支持的视频格式'));
  },
};

/** A logged-in student of a lesson: notes pinned to moments, in time order. */
export const WithNotes: Story = {
  args: {
    lessonId: 'ls-story',
    sources: [PLAYLIST[0]!],
    notes: [
      { lessonNoteId: 'nt-1', lessonId: 'ls-story', resourceId: null, content: '“白日依山尽”：写远景，山与太阳', videoTime: 3 },
      { lessonNoteId: 'nt-2', lessonId: 'ls-story', resourceId: null, content: '“更上一层楼”：比喻不断进取', videoTime: 8 },
    ],
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.ds-player__note').length).toBe(2));
  },
};

/** English labels (`lang="en"`). */
export const English: Story = {
  args: { lang: 'en' },
};

/** Stops at 5 s (`end-time`). */
export const EndTime: Story = {
  args: { endTime: 5, sources: [PLAYLIST[1]!] },
};
