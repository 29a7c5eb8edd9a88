import { useMemo } from 'react';
import { createToolsApi, type ToolsApi } from '@dscloud/sdk/tools';
import { usePortal } from '../platform/PortalContext';

export function useToolsApi(): ToolsApi {
  const { platform } = usePortal();
  return useMemo(() => createToolsApi(platform.http), [platform]);
}
