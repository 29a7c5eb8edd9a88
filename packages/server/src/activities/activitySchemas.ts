/**
 * The JSON schemas of the activity calls: types, lengths and bounds, each failure answered by the
 * shared validation message naming the field (docs/api.md "Conventions"). Rules that need the stored
 * activity, the clock or the curriculum are in activityRules.ts and activityRepo.ts.
 */
import { ACTIVITY_PHASES } from '@dscloud/sdk/activities';
import { ID_PATTERN, idSchema } from '../db/ids.js';
import { EPOCH_MS_MAX, pageProps } from '../http/schemaRules.js';
import { reviewRulesSchema } from '../activityReview/rules.js';

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 50_000;
export const SCOPE_MAX = 50;
/** Upper bounds of the rules: a sane activity never needs more. */
export const NODES_PER_TEACHER_MAX = 20;
export const TEACHERS_PER_NODE_MAX = 100;

// Type unions, not anyOf: with anyOf the query coercion would turn null into 0 or ''.
const windowTime = { type: ['integer', 'null'], minimum: 0, maximum: EPOCH_MS_MAX } as const;
const nullableInt = (minimum: number, maximum: number) => ({ type: ['integer', 'null'], minimum, maximum }) as const;
const nullableId = { type: ['string', 'null'], pattern: ID_PATTERN } as const;
const url = { type: 'string', maxLength: 500 } as const;

export const scopeEntrySchema = {
  type: 'object',
  required: ['stage', 'subjectCode'],
  properties: {
    stage: { type: 'integer', minimum: 1, maximum: 9 },
    subjectCode: { type: 'integer', minimum: 1, maximum: 99_999 },
    editionId: nullableId,
    bookId: nullableId,
  },
} as const;

const templateItemSchema = {
  type: 'object',
  required: ['item', 'required', 'fileCategories'],
  properties: {
    item: { type: 'integer', enum: [1, 2, 3, 4, 5] },
    required: { type: 'boolean' },
    fileCategories: { type: 'array', minItems: 1, maxItems: 10, items: { type: 'integer', minimum: 1, maximum: 10 } },
    maxFiles: { type: 'integer', minimum: 1, maximum: 10 },
  },
} as const;

const rulesSchema = {
  type: 'object',
  required: ['nodesPerTeacher', 'teachersPerNode'],
  properties: {
    nodesPerTeacher: { type: 'integer', minimum: 1, maximum: NODES_PER_TEACHER_MAX },
    teachersPerNode: { type: 'integer', minimum: 1, maximum: TEACHERS_PER_NODE_MAX },
    allowFormatWarnings: { type: 'boolean' },
  },
} as const;

const videoRulesSchema = {
  type: 'object',
  properties: {
    videoCodec: { type: ['string', 'null'], enum: ['h264', null] },
    audioCodec: { type: ['string', 'null'], enum: ['aac', null] },
    minWidth: nullableInt(1, 7680),
    minHeight: nullableInt(1, 4320),
    fps: nullableInt(1, 120),
    minDurationSeconds: nullableInt(1, 36_000),
    maxDurationSeconds: nullableInt(1, 36_000),
    maxFileSize: nullableInt(1, 2 ** 40),
    bitrateKbps: nullableInt(1, 200_000),
    bitrateTolerancePercent: { type: 'integer', minimum: 0, maximum: 100 },
    minAudioBitrateKbps: nullableInt(1, 2_000),
    warnings: {
      type: 'array',
      maxItems: 9,
      items: { type: 'string', enum: ['container', 'videoCodec', 'audioCodec', 'resolution', 'fps', 'duration', 'fileSize', 'bitrate', 'audioBitrate'] },
    },
  },
} as const;

const attachmentSchema = {
  type: 'object',
  required: ['fileId', 'name'],
  properties: { fileId: idSchema, name: { type: 'string', minLength: 1, maxLength: 200 }, url },
} as const;

/** The fields of `save` and `edit` (edit adds `activityId` and `version`). */
export const activityInputProps = {
  name: { type: 'string', maxLength: NAME_MAX },
  description: { type: 'string', maxLength: DESCRIPTION_MAX * 2 },
  coverUrl: url,
  coverFileId: nullableId,
  orgId: idSchema,
  activitySystem: { type: 'integer', enum: [1, 2, 3] },
  signUpStartTime: windowTime,
  signUpEndTime: windowTime,
  uploadStartTime: windowTime,
  uploadEndTime: windowTime,
  auditStartTime: windowTime,
  auditEndTime: windowTime,
  scope: { type: 'array', maxItems: SCOPE_MAX, items: scopeEntrySchema },
  reviewLevels: { type: 'array', maxItems: 3, items: { type: 'integer', enum: [1, 2, 3] } },
  packageTemplate: { type: 'array', maxItems: 5, items: templateItemSchema },
  rules: rulesSchema,
  videoRules: videoRulesSchema,
  attachments: { type: 'array', maxItems: 20, items: attachmentSchema },
  reviewRules: reviewRulesSchema,
} as const;

export const saveBody = { type: 'object', required: ['name', 'activitySystem'], properties: activityInputProps } as const;

export const editBody = {
  type: 'object',
  required: ['activityId', 'version'],
  properties: { activityId: idSchema, version: { type: 'integer', minimum: 1 }, ...activityInputProps },
} as const;

export const pageBody = {
  type: ['object', 'null'],
  properties: {
    ...pageProps,
    keyword: { type: 'string', maxLength: 50 },
    status: { type: 'integer', enum: [0, 1, 2] },
    phase: { type: 'string', enum: [...ACTIVITY_PHASES] },
    activitySystem: { type: 'integer', enum: [1, 2, 3] },
    orgId: idSchema,
  },
} as const;

export const idParams = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;
