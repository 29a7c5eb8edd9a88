import { useMemo } from 'react';
import { activitiesApi, type ActivitiesApi } from '../api/activities';
import { usePortal } from '../platform/PortalContext';

export function useActivitiesApi(): ActivitiesApi {
  const { platform } = usePortal();
  return useMemo(() => activitiesApi(platform), [platform]);
}
