/**
 * What the player makes of the cloud-lesson calls: the SDK's lessons client (the same one the portal
 * uses), turned into the player's video sources and note list.
 */
import { createLessonsApi, type LearningReport, type ResourceMarkInput } from '@dscloud/sdk/lessons';
import type { Platform } from '../shared/platformRegistry.js';
import type { LessonNote, VideoSource } from './playerTypes.js';

export type { LearningReport } from '@dscloud/sdk/lessons';

export interface LoadedLesson {
  title: string;
  sources: VideoSource[];
  /** Where this learner stopped last time, if the server keeps it. */
  resume: { resourceId: string | null; position: number } | null;
}

const NOTE_PAGE_SIZE = 100;
const NOTE_PAGES = 5;
const silent = { silent: true } as const;

/** Server paths are relative to the API origin; the media element needs absolute ones. */
const absolute = (platform: Platform, url: string | undefined) => (!url ? '' : /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : platform.http.url(url));

/** A caption file's track: English when its name says so (`lesson.en.vtt`), else Chinese. */
export function captionTrack(src: string, lang: string): { src: string; srclang: string; label: string } {
  const english = /\.en\.vtt(?:[?#]|$)/i.test(src);
  const label = english ? (lang === 'en' ? 'English' : '英文') : lang === 'en' ? 'Chinese' : '中文';
  return { src, srclang: english ? 'en' : 'zh', label };
}

/**
 * `token`: a token the host handed to the element. Calls then carry it instead of the session's, and
 * skip the session's refresh (the host owns that token's lifetime).
 */
export function lessonApi(platform: Platform, token: () => string | undefined = () => undefined) {
  const lessons = createLessonsApi(platform.http, { token });
  return {
    async load(lessonId: string, lang: string): Promise<LoadedLesson> {
      const [detail, resources] = await Promise.all([lessons.byId(lessonId, silent), lessons.resourceVideos(lessonId, silent)]);
      const cover = absolute(platform, detail.coverUrl);
      const sources = resources.map<VideoSource>((r) => ({
        src: absolute(platform, r.playUrl),
        title: r.title || detail.title,
        coverImg: cover,
        desc: detail.description ?? '',
        resourceId: r.resourceId,
        captions: r.captionUrl ? [captionTrack(absolute(platform, r.captionUrl), lang)] : [],
        // Once the upload is transcoded: its stream, a frame of it and its seek previews.
        ...(r.hlsUrl ? { hls: absolute(platform, r.hlsUrl) } : {}),
        ...(r.posterUrl ? { poster: absolute(platform, r.posterUrl) } : {}),
        ...(r.thumbnailsUrl ? { thumbnails: absolute(platform, r.thumbnailsUrl) } : {}),
      }));
      const learning = detail.myLearning;
      return { title: detail.title, sources, resume: learning ? { resourceId: learning.lastResourceId, position: learning.lastPosition } : null };
    },
    reportDuration: (report: LearningReport) => lessons.reportDuration(report, silent),
    async notes(lessonId: string): Promise<LessonNote[]> {
      // Pages of the server's largest size, up to a few hundred notes on one lesson.
      const rows: LessonNote[] = [];
      for (let pageNum = 1; pageNum <= NOTE_PAGES; pageNum++) {
        const page = await lessons.notesPage({ lessonId, pageNum, pageSize: NOTE_PAGE_SIZE }, silent);
        rows.push(...page.rows);
        if (page.rows.length < NOTE_PAGE_SIZE || rows.length >= page.total) break;
      }
      // The server orders a lesson's notes by time already; sorting again keeps that true for any server.
      return rows.sort((a, b) => a.videoTime - b.videoTime);
    },
    saveNote: (note: { lessonId: string; resourceId: string | null; content: string; videoTime: number }): Promise<LessonNote> => lessons.saveNote(note),
    deleteNote: (lessonNoteId: string) => lessons.deleteNote(lessonNoteId),
    deleteLessonNotes: (lessonId: string) => lessons.deleteLessonNotes(lessonId, silent),
    /** A video's key points in time order (public: anyone who may watch the lesson). */
    marks: (lessonResourceId: string) => lessons.marks(lessonResourceId, silent),
    /** Replaces a video's key points (the lesson's teacher or an administrator); answers the stored list. */
    saveMarks: (lessonResourceId: string, marks: ResourceMarkInput[]) => lessons.saveMarks(lessonResourceId, marks, silent),
    /** The absolute address of an API path, for the keep-alive report on page hide. */
    reportUrl: lessons.reportUrl,
    /** The token calls go out with: the host's, else the session's. */
    token: () => token() ?? platform.session.getState().token ?? undefined,
  };
}

export type LessonApi = ReturnType<typeof lessonApi>;
