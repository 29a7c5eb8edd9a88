import { describe, expect, it } from 'vitest';
import type { OwnLessonDetail } from '../../api/teachLessons';
import { HttpError } from '@dscloud/sdk/errors';
import { clearedBelow, fieldOfError, fromDetail, titleFromFileName, toSavePayload, type LessonFormValues } from './lessonForm';

const filled: LessonFormValues = {
  title: '  分数的初步认识  ',
  stage: 2,
  subjectCode: 214,
  grade: 3,
  bookId: 'bk-214-3a',
  chapterNodeId: 'bk-214-3a-08-01',
  knowledgeNodeIds: ['kp-214-01-01', 'kp-214-01-01', 'kp-214-02-01'],
  description: ' 认识几分之一 ',
  resources: [
    { key: 'u1', uploadId: 'u1', title: ' 第一讲 ', fileInfoId: '42', durationSeconds: 12.6 },
    { key: 'rs-1', resourceId: 'rs-1', title: '旧视频', url: '/static/seed/media/a.mp4', durationSeconds: 30, captionUrl: '/static/a.vtt' },
  ],
};

describe('toSavePayload', () => {
  it('sends the whole form as the server expects it: trimmed, on demand, videos in order', () => {
    expect(toSavePayload(filled)).toEqual({
      title: '分数的初步认识',
      liveFlag: 0,
      stage: 2,
      subjectCode: 214,
      grade: 3,
      bookId: 'bk-214-3a',
      chapterNodeId: 'bk-214-3a-08-01',
      knowledgeNodeIds: ['kp-214-01-01', 'kp-214-02-01'],
      description: '认识几分之一',
      resources: [
        { title: '第一讲', fileInfoId: '42', durationSeconds: 13 },
        { resourceId: 'rs-1', title: '旧视频', url: '/static/seed/media/a.mp4', durationSeconds: 30, captionUrl: '/static/a.vtt' },
      ],
    });
  });

  it('names the lesson when editing and clears book and chapter with null, not by leaving them out', () => {
    const payload = toSavePayload({ ...filled, bookId: undefined, chapterNodeId: undefined, description: undefined }, 'ls-9');
    expect(payload.lessonId).toBe('ls-9');
    expect(payload.bookId).toBeNull();
    expect(payload.chapterNodeId).toBeNull();
    expect(payload.description).toBe('');
  });

  it('leaves out a length it could not read instead of sending 0 or NaN', () => {
    const payload = toSavePayload({ ...filled, resources: [{ key: 'a', title: 'x', fileInfoId: '1', durationSeconds: Number.NaN }] });
    expect(payload.resources[0]).toEqual({ title: 'x', fileInfoId: '1' });
  });
});

describe('fromDetail', () => {
  it('turns a saved lesson back into the form, videos by their order and kept by id', () => {
    const lesson = {
      title: 'T',
      stage: 3,
      subjectCode: 317,
      grade: 8,
      bookId: null,
      chapterNodeId: null,
      description: null,
      knowledgeNodes: [{ nodeId: 'kp-1', name: 'k' }],
      resources: [
        { resourceId: 'rs-b', title: 'B', url: '', fileInfoId: '7', playUrl: '/x', durationSeconds: 5, captionUrl: '', sort: 1 },
        { resourceId: 'rs-a', title: 'A', url: '/a.mp4', fileInfoId: null, playUrl: '/a.mp4', durationSeconds: 0, captionUrl: '', sort: 0 },
      ],
    } as unknown as OwnLessonDetail;
    const values = fromDetail(lesson);
    expect(values).toMatchObject({ title: 'T', stage: 3, subjectCode: 317, grade: 8, bookId: undefined, knowledgeNodeIds: ['kp-1'], description: '' });
    expect(values.resources).toEqual([
      { key: 'rs-a', resourceId: 'rs-a', title: 'A', url: '/a.mp4' },
      { key: 'rs-b', resourceId: 'rs-b', title: 'B', fileInfoId: '7', durationSeconds: 5 },
    ]);
    expect(toSavePayload(values, 'ls-1').resources.map((r) => r.resourceId)).toEqual(['rs-a', 'rs-b']);
  });
});

describe('clearedBelow', () => {
  it('empties everything under a changed stage, and files stages without grades under grade 0', () => {
    expect(clearedBelow({ stage: 2 })).toEqual({ subjectCode: undefined, grade: undefined, bookId: undefined, chapterNodeId: undefined, knowledgeNodeIds: [] });
    expect(clearedBelow({ stage: 1 })).toMatchObject({ grade: 0, subjectCode: undefined });
  });

  it('keeps knowledge points when only the grade or book changes', () => {
    expect(clearedBelow({ grade: 4 })).toEqual({ bookId: undefined, chapterNodeId: undefined });
    expect(clearedBelow({ bookId: 'b' })).toEqual({ chapterNodeId: undefined });
    expect(clearedBelow({ title: 'x' })).toEqual({});
  });
});

describe('titleFromFileName', () => {
  it('drops the extension only', () => {
    expect(titleFromFileName('第1课 认识图形.mp4')).toBe('第1课 认识图形');
    expect(titleFromFileName('v1.2.final.MP4')).toBe('v1.2.final');
    expect(titleFromFileName('.mp4')).toBe('.mp4');
    expect(titleFromFileName(`${'长'.repeat(120)}.mp4`)).toHaveLength(100);
  });
});

describe('fieldOfError', () => {
  it('finds the form field the server named in data.field', () => {
    const named = (field: string) => new HttpError(400, { path: '/save', envelope: { status: 400, data: { field } } });
    expect(fieldOfError(named('grade'))).toEqual(['grade']);
    expect(fieldOfError(named('subjectCode'))).toEqual(['subjectCode']);
    expect(fieldOfError(named('resources[1].title'))).toEqual(['resources', 1, 'title']);
    expect(fieldOfError(named('resources[0]'))).toEqual(['resources']);
    expect(fieldOfError(named('resources'))).toEqual(['resources']);
    expect(fieldOfError(named('knowledgeNodeIds[2]'))).toEqual(['knowledgeNodeIds']);
    expect(fieldOfError(named('editionId'))).toEqual(['bookId']);
    expect(fieldOfError(named('title'))).toEqual(['title']);
  });

  it('leaves failures about no field of the form to the form as a whole', () => {
    expect(fieldOfError(new HttpError(403, { path: '/save', message: '只能修改自己的课程' }))).toBeNull();
    expect(fieldOfError(new HttpError(403, { path: '/save', envelope: { status: 403, data: { field: 'teacherUserId' } } }))).toBeNull();
    expect(fieldOfError(new Error('参数 title 不能为空'))).toBeNull();
  });
});

describe('tags', () => {
  it('sends the chosen tags once each, an emptied choice as [], and nothing when the form never had tags', () => {
    expect(toSavePayload({ ...filled, tagIds: ['tag-a', 'tag-b', 'tag-a'] }).tagIds).toEqual(['tag-a', 'tag-b']);
    expect(toSavePayload({ ...filled, tagIds: [] }).tagIds).toEqual([]);
    expect(toSavePayload(filled)).not.toHaveProperty('tagIds');
  });

  it('fills the picker from the saved lesson and marks it when the server names a tag', () => {
    const lesson = { title: 'x', stage: 2, subjectCode: 214, grade: 3, bookId: null, chapterNodeId: null, knowledgeNodes: [], resources: [], tags: [{ tagId: 'tag-a', name: '航天' }] };
    expect(fromDetail(lesson as unknown as OwnLessonDetail).tagIds).toEqual(['tag-a']);
    expect(fieldOfError(new HttpError(400, { path: '/save', envelope: { status: 400, data: { field: 'tagIds[1]' } } }))).toEqual(['tagIds']);
  });
});
