/** JSON schemas of the lesson calls; the validation message names the field (http/validationMessage.ts). */
import { LESSON_ORDERS as ORDER_BY, LIVE_STATES } from '@dscloud/sdk/lessons';
import { ID_PATTERN, idSchema } from '../db/ids.js';
import { EPOCH_MS_MAX, epochMsSchema, pageProps } from '../http/schemaRules.js';

export { pageProps };

export { LESSON_ORDERS as ORDER_BY, LIVE_STATES } from '@dscloud/sdk/lessons';
export type { LessonFilter, LessonOrder as OrderBy, LiveState, ResourceInput, SaveLessonInput as SaveInput } from '@dscloud/sdk/lessons';

const epochMs = epochMsSchema;
const flag = { type: 'integer', enum: [0, 1] } as const;

export const filterProps = {
  ...pageProps,
  stage: { type: 'integer', minimum: 0, maximum: 9 },
  subjectCode: { type: 'integer', minimum: 1, maximum: 9999 },
  grade: { type: 'integer', minimum: 0, maximum: 12 },
  editionId: idSchema,
  bookId: idSchema,
  nodeId: idSchema,
  keyword: { type: 'string', maxLength: 50 },
  teacherUserId: idSchema,
  teacherInfoId: idSchema,
  teacherName: { type: 'string', maxLength: 50 },
  schoolId: { type: 'string', maxLength: 64 },
  startTime: epochMs,
  endTime: epochMs,
  orderBy: { type: 'string', enum: ORDER_BY },
  excellentFlag: flag,
  specialSubjectId: idSchema,
  tagId: idSchema,
  liveState: { type: 'string', enum: LIVE_STATES },
  publishStatus: flag,
  onlyMine: { type: 'boolean' },
} as const;


export const filterBody = { type: ['object', 'null'], properties: filterProps } as const;

const URL_PATTERN = '^(/|https?://)[^\\s]*$';
const url = { type: 'string', maxLength: 1000, pattern: URL_PATTERN } as const;

export const resourceSchema = {
  type: 'object',
  required: ['title'],
  properties: {
    resourceId: idSchema,
    title: { type: 'string', minLength: 1, maxLength: 100 },
    url,
    fileInfoId: { type: ['string', 'null'], pattern: ID_PATTERN },
    durationSeconds: { type: 'integer', minimum: 0, maximum: 86_400 },
    captionUrl: { type: 'string', maxLength: 1000, pattern: '^$|^(/|https?://)[^\\s]*$' },
  },
} as const;


export const saveSchema = {
  type: 'object',
  required: ['title', 'stage', 'subjectCode', 'grade'],
  properties: {
    lessonId: idSchema,
    title: { type: 'string', minLength: 1, maxLength: 100 },
    lessonType: { type: 'string', maxLength: 20 },
    description: { type: 'string', maxLength: 5000 },
    liveFlag: flag,
    stage: { type: 'integer' },
    subjectCode: { type: 'integer' },
    grade: { type: 'integer', minimum: 0, maximum: 12 },
    editionId: { type: ['string', 'null'], pattern: ID_PATTERN },
    bookId: { type: ['string', 'null'], pattern: ID_PATTERN },
    chapterNodeId: { type: ['string', 'null'], pattern: ID_PATTERN },
    knowledgeNodeIds: { type: 'array', maxItems: 20, items: idSchema },
    teacherInfoId: { type: ['string', 'null'], pattern: ID_PATTERN },
    teacherUserId: { type: ['string', 'null'], pattern: ID_PATTERN },
    schoolId: { type: 'string', maxLength: 64 },
    schoolName: { type: 'string', maxLength: 100 },
    coverUrl: { type: 'string', maxLength: 1000, pattern: '^$|^(/|https?://)[^\\s]*$' },
    coverFileId: { type: ['string', 'null'], pattern: ID_PATTERN },
    liveStartTime: { type: ['integer', 'null'], minimum: 0, maximum: EPOCH_MS_MAX },
    liveEndTime: { type: ['integer', 'null'], minimum: 0, maximum: EPOCH_MS_MAX },
    durationSeconds: { type: 'integer', minimum: 0, maximum: 86_400 },
    resources: { type: 'array', maxItems: 50, items: resourceSchema },
    specialSubjectIds: { type: 'array', maxItems: 20, items: idSchema },
    tagIds: { type: 'array', maxItems: 10, items: idSchema },
  },
} as const;


export const lessonIdsBody = {
  type: 'object',
  required: ['lessonIds'],
  properties: { lessonIds: { type: 'array', minItems: 1, maxItems: 100, items: idSchema } },
} as const;

export const lessonIdBody = { type: 'object', required: ['lessonId'], properties: { lessonId: idSchema } } as const;
export const lessonIdQuery = lessonIdBody;
