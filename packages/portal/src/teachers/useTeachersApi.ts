import { useMemo } from 'react';
import { teachersApi, type TeachersApi } from '../api/teachers';
import { usePortal } from '../platform/PortalContext';

export function useTeachersApi(): TeachersApi {
  const { platform } = usePortal();
  return useMemo(() => teachersApi(platform), [platform]);
}
