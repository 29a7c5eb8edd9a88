import { useMemo } from 'react';
import { reviewApi, type ReviewApi } from '../../api/review';
import { usePortal } from '../../platform/PortalContext';

export function useReviewApi(): ReviewApi {
  const { platform } = usePortal();
  return useMemo(() => reviewApi(platform), [platform]);
}
