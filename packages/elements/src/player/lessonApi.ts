/**
 * The cloud-lesson calls the player makes (spec §7), over the SDK's HTTP client so that tokens,
 * refreshes and error envelopes behave as everywhere else.
 */
import type { RequestOptions } from '@dscloud/sdk/http';
import type { Platform } from '../shared/platformRegistry.js';
import type { LessonNote, VideoSource } from './playerTypes.js';

interface LessonResource {
  resourceId: string;
  title: string;
  playUrl: string;
  captionUrl?: string;
  durationSeconds?: number;
}

interface LessonDetail {
  lessonId: string;
  title: string;
  coverUrl?: string;
  description?: string;
  myLearning?: { lastPosition: number; lastResourceId: string | null } | null;
}

export interface LoadedLesson {
  title: string;
  sources: VideoSource[];
  /** Where this learner stopped last time, if the server keeps it. */
  resume: { resourceId: string | null; position: number } | null;
}

export interface LearningReport {
  lessonId: string;
  resourceId: string;
  seconds: number;
  position: number;
}

const NOTE_PAGE_SIZE = 100;
const NOTE_PAGES = 5;

interface Page<T> {
  rows: T[];
  total: number;
}

/** Server paths are relative to the API origin; the media element needs absolute ones. */
const absolute = (platform: Platform, url: string | undefined) => (!url ? '' : /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : platform.http.url(url));

/**
 * `token`: a token the host handed to the element. Calls then carry it instead of the session's, and
 * skip the session's refresh (the host owns that token's lifetime).
 */
export function lessonApi(platform: Platform, token: () => string | undefined = () => undefined) {
  const { http, paths } = platform;
  const cloud = paths.cloudSchool;
  const as = (options: RequestOptions = {}): RequestOptions => {
    const own = token();
    return own ? { ...options, public: true, headers: { ...options.headers, Authorization: own } } : options;
  };
  return {
    async load(lessonId: string, lang: string): Promise<LoadedLesson> {
      const [detail, resources] = await Promise.all([
        http.get<LessonDetail>(cloud('/v1/cloudLesson/getById'), { lessonId }, as({ silent: true })),
        http.get<LessonResource[]>(cloud('/v1/cloudLesson/getResourceVideo'), { lessonId }, as({ silent: true })),
      ]);
      const cover = absolute(platform, detail.coverUrl);
      const sources = resources.map<VideoSource>((r) => ({
        src: absolute(platform, r.playUrl),
        title: r.title || detail.title,
        coverImg: cover,
        desc: detail.description ?? '',
        resourceId: r.resourceId,
        captions: r.captionUrl ? [{ src: absolute(platform, r.captionUrl), srclang: 'zh', label: lang === 'en' ? 'Chinese' : '中文' }] : [],
      }));
      const learning = detail.myLearning;
      return { title: detail.title, sources, resume: learning ? { resourceId: learning.lastResourceId, position: learning.lastPosition } : null };
    },
    reportDuration: (report: LearningReport) => http.post<unknown>(cloud('/v1/lessonOperation/addLearningDuration'), report, as({ silent: true })),
    async notes(lessonId: string): Promise<LessonNote[]> {
      // Pages of the server's largest size, up to a few hundred notes on one lesson.
      const rows: LessonNote[] = [];
      for (let pageNum = 1; pageNum <= NOTE_PAGES; pageNum++) {
        const page = await http.post<Page<LessonNote>>(cloud('/v1/lessonNote/getNotesPage'), { lessonId, pageNum, pageSize: NOTE_PAGE_SIZE }, as({ silent: true }));
        rows.push(...page.rows);
        if (page.rows.length < NOTE_PAGE_SIZE || rows.length >= page.total) break;
      }
      // The server orders a lesson's notes by time already; sorting again keeps that true for any server.
      return rows.sort((a, b) => a.videoTime - b.videoTime);
    },
    saveNote: (note: { lessonId: string; resourceId: string | null; content: string; videoTime: number }) =>
      http.post<LessonNote>(cloud('/v1/lessonNote/save'), note, as()),
    deleteNote: (lessonNoteId: string) => http.delete<unknown>(cloud('/v1/lessonNote/deleteByNoteId'), { lessonNoteId }, as()),
    /** The absolute address of an API path, for the keep-alive report on page hide. */
    reportUrl: () => http.url(cloud('/v1/lessonOperation/addLearningDuration')),
    /** The token calls go out with: the host's, else the session's. */
    token: () => token() ?? platform.session.getState().token ?? undefined,
  };
}

export type LessonApi = ReturnType<typeof lessonApi>;
