import { useMemo } from 'react';
import { lessonsApi, type LessonsApi } from '../api/lessons';
import { usePortal } from '../platform/PortalContext';

export function useLessonsApi(): LessonsApi {
  const { platform } = usePortal();
  return useMemo(() => lessonsApi(platform), [platform]);
}
