import type { Platform } from '@dscloud/sdk';
import type { CarouselSlide } from '@dscloud/sdk/lessons';

export type SlideVisibility = 'all' | 'loggedIn' | 'loggedInNotStudent';

/** A slide as the back-office list shows it: with its level (`orgId` null: the city's) and that level's name. */
export interface ManagedSlide extends CarouselSlide {
  visibility: SlideVisibility;
  enabled: 0 | 1;
  sort: number;
  orgId: string | null;
  orgName?: string;
  imageFileId: string | null;
}

export interface SlideFilter {
  pageNum: number;
  pageSize: number;
  visibility?: SlideVisibility;
  enabled?: 0 | 1;
  keyword?: string;
}

export type SlideTarget = { type: 'none' } | { type: 'route'; path: string } | { type: 'url'; url: string } | { type: 'external'; key: string };

export interface SlideInput {
  carouselImageId?: string;
  title: string;
  subtitle?: string;
  /** English words (optional): shown when the portal is in English. */
  titleEn?: string;
  subtitleEn?: string;
  imageFileId?: string | null;
  target: SlideTarget;
  visibility: SlideVisibility;
  enabled?: 0 | 1;
}

/**
 * The carousel's back-office calls (type=lbt). The list answers only the slides of the caller's reach;
 * writes are `silent`: the kit reports 操作成功 / 操作失败, forms mark the field the server names.
 */
export function manageCarouselApi(platform: Platform) {
  const { http, paths } = platform;
  const cs = (path: string) => paths.cloudSchool(`/v1/carouselImage/${path}`);
  const quiet = { silent: true } as const;
  return {
    page: (filter: SlideFilter) => http.post<{ rows: ManagedSlide[]; total: number }>(cs('getManagerViewPage'), { groupId: 'home', ...filter }),
    save: (body: SlideInput) => http.post<ManagedSlide>(cs('save'), body, quiet),
    sort: (carouselImageIds: string[]) => http.post<{ carouselImageIds: string[] }>(cs('sort'), { carouselImageIds }, quiet),
    batch: (carouselImageIds: string[], operation: 'enable' | 'disable' | 'delete') =>
      http.post<{ operation: string; count: number }>(cs('batch/operation'), { carouselImageIds, operation }, quiet),
  };
}

export type ManageCarouselApi = ReturnType<typeof manageCarouselApi>;
