import { useMemo } from 'react';
import { topicsAdminApi, type TopicsAdminApi } from '../../api/topics';
import { usePortal } from '../../platform/PortalContext';

export function useTopicsAdminApi(): TopicsAdminApi {
  const { platform } = usePortal();
  return useMemo(() => topicsAdminApi(platform), [platform]);
}
