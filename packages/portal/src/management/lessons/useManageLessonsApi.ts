import { useMemo } from 'react';
import { manageLessonsApi, type ManageLessonsApi } from '../../api/manageLessons';
import { usePortal } from '../../platform/PortalContext';

export function useManageLessonsApi(): ManageLessonsApi {
  const { platform } = usePortal();
  return useMemo(() => manageLessonsApi(platform), [platform]);
}
