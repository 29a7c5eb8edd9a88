import { useMemo } from 'react';
import { teachApi, type TeachApi } from '../../api/teachLessons';
import { usePortal } from '../../platform/PortalContext';

export function useTeachApi(): TeachApi {
  const { platform } = usePortal();
  return useMemo(() => teachApi(platform), [platform]);
}
