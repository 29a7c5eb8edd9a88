import { useMemo } from 'react';
import { goodWorksApi, reviewInsightApi, type GoodWorksApi, type ReviewInsightApi } from '../../api/reviewInsight';
import { usePortal } from '../../platform/PortalContext';

export function useInsightApi(): ReviewInsightApi {
  const { platform } = usePortal();
  return useMemo(() => reviewInsightApi(platform), [platform]);
}

export function useGoodWorksApi(): GoodWorksApi {
  const { platform } = usePortal();
  return useMemo(() => goodWorksApi(platform), [platform]);
}
