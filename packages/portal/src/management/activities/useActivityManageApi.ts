import { useMemo } from 'react';
import { activityManageApi, type ActivityManageApi } from '../../api/activityManage';
import { usePortal } from '../../platform/PortalContext';

export function useActivityManageApi(): ActivityManageApi {
  const { platform } = usePortal();
  return useMemo(() => activityManageApi(platform), [platform]);
}
