/** The slide as the API answers it, who sees which slides, and the schemas of a slide's fields. */
import type { FastifyRequest } from 'fastify';
import type { FileUrl } from '../lessons/lessonView.js';
import type { Audience, SlideRow } from './carouselRepo.js';

const STUDENT = 6;
export const VISIBILITIES = ['all', 'loggedIn', 'loggedInNotStudent'] as const;

export function toSlide(r: SlideRow, identityCode: number | null, fileUrl: FileUrl, orgName?: string) {
  const titles = r.titleByIdentity;
  const fileId = r.imageFileId;
  return {
    carouselImageId: r.id,
    groupId: r.groupId,
    key: r.slideKey,
    title: (identityCode !== null && titles[String(identityCode)]) || r.title,
    titleByIdentity: titles,
    subtitle: r.subtitle,
    // English words (optional; '' when none: the portal then shows the Chinese ones).
    titleEn: (identityCode !== null && r.titleByIdentityEn[String(identityCode)]) || r.titleEn,
    titleByIdentityEn: r.titleByIdentityEn,
    subtitleEn: r.subtitleEn,
    imageUrl: fileId ? fileUrl(fileId) : r.imageUrl,
    imageFileId: fileId,
    target: r.target,
    visibility: r.visibility,
    enabled: r.enabled,
    sort: r.sort,
    orgId: r.orgId,
    ...(orgName !== undefined ? { orgName } : {}),
    createTime: r.createdAt,
    updateTime: r.updatedAt,
  };
}

/** The slides the caller may see: guests "all", students also "loggedIn", everyone else every slide. */
export function audienceOf(request: FastifyRequest): Audience {
  const auth = request.auth;
  if (!auth) return ['all'];
  if (auth.user.identityCode === STUDENT) return ['all', 'loggedIn'];
  return null;
}

export const slideProps = {
  groupId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' },
  key: { type: 'string', maxLength: 32 },
  title: { type: 'string', minLength: 1, maxLength: 50 },
  titleByIdentity: { type: 'object', additionalProperties: { type: 'string', maxLength: 50 }, propertyNames: { enum: ['5', '6', '7'] } },
  subtitle: { type: 'string', maxLength: 200 },
  titleEn: { type: 'string', maxLength: 100 },
  titleByIdentityEn: { type: 'object', additionalProperties: { type: 'string', maxLength: 100 }, propertyNames: { enum: ['5', '6', '7'] } },
  subtitleEn: { type: 'string', maxLength: 300 },
  imageUrl: { type: 'string', maxLength: 1000, pattern: '^$|^(/|https?://)[^\\s]*$' },
  imageFileId: { type: ['string', 'null'], pattern: '^[A-Za-z0-9_-]{1,64}$' },
  target: {
    type: 'object',
    required: ['type'],
    properties: {
      type: { type: 'string', enum: ['route', 'external', 'url', 'none'] },
      path: { type: 'string', maxLength: 500, pattern: '^/' },
      key: { type: 'string', maxLength: 64 },
      url: { type: 'string', maxLength: 1000, pattern: '^https?://' },
    },
  },
  visibility: { type: 'string', enum: VISIBILITIES },
  enabled: { type: 'integer', enum: [0, 1] },
  sort: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  orgId: { type: ['string', 'null'], pattern: '^[A-Za-z0-9_-]{1,64}$' },
} as const;
